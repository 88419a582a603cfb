import { Button, HStack } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { can } from '../../domain/permissions';
import type { ProductRow } from '../../local/db';
import type { ProductSort } from '../../local/repositories/productPages';
import { useLevel } from '../session/useLevel';
import { useRepos } from '../data/DataProvider';
import { PAGE_SIZES } from '../ui/DataTable';
import { ListScreen, type ListDeclaration } from '../ui/list/ListScreen';
import { deleteConfirm, useConfirmedAction } from '../ui/confirm';
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

const PRODUCTS: ListDeclaration<InventoryRow, ProductSort> = {
  title: 'Products',
  pages: (repos) => ({ read: repos.products.productPage, each: repos.products.eachProduct }),
  defaultSort: TITLE_ORDER,
  sorts: PRODUCT_TABLE_SORTS,
  pageSizes: PAGE_SIZES.products,
  rowMarks: STOCK_ROWS,
};

export default function Inventory() {
  const repos = useRepos();
  const act = useConfirmedAction();
  const manage = can('product.manage', useLevel());
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
  const toolbar = manage && (
    <HStack gap="2">
      <Button size="sm" colorPalette="blue" onClick={() => setDialog({ kind: 'product', product: null })}>
        Add Product
      </Button>
      <Button size="sm" variant="outline" onClick={() => setDialog({ kind: 'receive', product: null })}>
        Receive Inventory
      </Button>
    </HStack>
  );
  return (
    <ListScreen
      list={PRODUCTS}
      columns={columns}
      cells={{ context: ActionsCtx, value: manage ? actions : null }}
      toolbar={toolbar}
    >
      {dialog?.kind === 'product' && <ProductDialog product={dialog.product} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'receive' && <ReceiveDialog initial={dialog.product} onClose={() => setDialog(null)} />}
    </ListScreen>
  );
}
