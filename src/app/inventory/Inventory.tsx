import { Box, Button, HStack, Heading } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { can } from '../../domain/permissions';
import type { ProductRow } from '../../local/db';
import { useLevel } from '../session/useLevel';
import { useRepos } from '../data/DataProvider';
import { DataTable, PAGE_SIZES } from '../ui/DataTable';
import { deleteConfirm, useConfirmedAction } from '../ui/confirm';
import { useKeysetPages } from '../ui/useKeysetPages';
import {
  ActionsCtx,
  PRODUCT_TABLE_SORTS,
  TITLE_ORDER,
  inventoryColumns,
  STOCK_ROWS,
  type InventoryRow,
  type RowActions,
} from './products/columns';
import { ProductDialog } from './products/ProductDialog';
import { ReceiveDialog } from './products/ReceiveDialog';

/**
 * SPEC §2 Products (inventory), /products (level 4): the paged products table with a Photo thumbnail, rows amber at or
 * below low stock and pink when out (src/domain/stock.ts). Level 5 manages products (SPEC §6): the Low Stock, Cost and
 * Supplier columns, Add and Edit (with the photo gallery), Receive Inventory and Delete ('Click delete to confirm.').
 * Reads and writes the device's copy through repos.products, one page at a time through the sort's index (issue 13).
 */

type Dialog = { kind: 'product'; product: ProductRow | null } | { kind: 'receive'; product: ProductRow | null } | null;

export default function Inventory() {
  const repos = useRepos();
  const act = useConfirmedAction();
  const level = useLevel();
  const manage = can('product.manage', level);
  const table = useKeysetPages({
    read: repos.products.productPage,
    each: repos.products.eachProduct,
    defaultSort: TITLE_ORDER,
    sorts: PRODUCT_TABLE_SORTS,
    pageSize: PAGE_SIZES.products[0],
  });
  const [dialog, setDialog] = useState<Dialog>(null);
  const columns = useMemo(() => inventoryColumns(manage), [manage]);

  const actions: RowActions = {
    edit: (p) => setDialog({ kind: 'product', product: p }),
    receive: (p) => setDialog({ kind: 'receive', product: p }),
    remove(p) {
      void act({
        ...deleteConfirm(p.title),
        run: () => repos.products.remove(p.id),
        done: `Product ${p.title} deleted`,
      });
    },
  };

  return (
    <Box>
      <Heading size="lg" mb="4">
        Products
      </Heading>
      <ActionsCtx.Provider value={manage ? actions : null}>
        <DataTable<InventoryRow>
          name="Products"
          data={table.rows}
          columns={columns}
          getRowId={(p) => p.id}
          pageSizes={PAGE_SIZES.products}
          rowMarks={STOCK_ROWS}
          loading={table.loading}
          manual={table.manual}
          exportRows={table.exportRows}
          toolbar={
            manage && (
              <HStack gap="2">
                <Button size="sm" colorPalette="blue" onClick={() => setDialog({ kind: 'product', product: null })}>
                  Add Product
                </Button>
                <Button size="sm" variant="outline" onClick={() => setDialog({ kind: 'receive', product: null })}>
                  Receive Inventory
                </Button>
              </HStack>
            )
          }
        />
      </ActionsCtx.Provider>
      {dialog?.kind === 'product' && <ProductDialog product={dialog.product} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'receive' && <ReceiveDialog initial={dialog.product} onClose={() => setDialog(null)} />}
    </Box>
  );
}
