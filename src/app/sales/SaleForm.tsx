import { Alert, Badge, Box, Heading, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { LEVEL_NAMES, type Level } from '../../domain/levels';
import { MSG } from '../../domain/messages';
import { can, minLevel } from '../../domain/permissions';
import { computeInvoice } from '../../domain/totals';
import type { CustomerRow } from '../../local/db';
import { useRepos } from '../data/DataProvider';
import { useSession } from '../session/session';
import { LineItems, SaveFooter, useLineStock, useSaveNewInvoice, useShopTax, type Line } from '../invoices/lines';

function CustomerCard({ customer }: { customer: CustomerRow | null }) {
  if (!customer) {
    return (
      <Box borderWidth="1px" borderRadius="md" p="3" data-testid="sale-customer">
        <Text fontWeight="medium">Quick Sale</Text>
        <Text fontSize="sm" color="fg.muted">
          No customer: an anonymous product sale.
        </Text>
      </Box>
    );
  }
  const blocked = Number(customer.active) === 0;
  return (
    <Box borderWidth="1px" borderRadius="md" p="3" bg={blocked ? 'pink.50' : undefined} data-testid="sale-customer">
      <Text fontWeight="medium">
        {`${customer.first_name} ${customer.last_name}`}
        {blocked && (
          <Badge ml="2" colorPalette="red">
            Blocked
          </Badge>
        )}
      </Text>
      <Text fontSize="sm">{`${customer.registration} · VIN ${customer.vin}`}</Text>
      <Text fontSize="sm" color="fg.muted">
        {[customer.contact, customer.email].filter(Boolean).join(' · ')}
        {` · ${customer.current_points} points`}
      </Text>
    </Box>
  );
}

/**
 * SPEC §2 Make Sale with id: 'Create Product Invoice' for the customer (or anonymous, Quick Sale), the product picker
 * and table with quantities, the summary (Products Total, Labour Total, Total), Go Back and Save. Save writes the sale
 * on this device (repos.invoices.sale: the invoice, stock, the POST /invoice-product outbox entry) and opens it.
 */
export function SaleForm({ customer }: { customer: CustomerRow | null }) {
  const repos = useRepos();
  const navigate = useNavigate();
  const level = useSession()?.permission ?? 0;
  const [lines, setLines] = useState<Line[]>([]);
  const { error, setError, busy, save: saveNew } = useSaveNewInvoice();
  const stockOf = useLineStock(lines);
  const tax = useShopTax();
  const { status: _status, ...figures } = computeInvoice({ type: 'product', workHour: 0, rateCents: 0, lines, tax });

  const blocked = !!customer && Number(customer.active) === 0;
  const allowed = can('sale.create', level);
  const need = minLevel('sale.create') as Level;
  const editable = allowed && !blocked && !busy;

  const save = () => saveNew('product', lines, figures.total, () => repos.invoices.sale(customer?.id ?? null, lines));

  return (
    <Stack gap="5" maxW="6xl">
      <Heading size="lg">Create Product Invoice</Heading>
      <CustomerCard customer={customer} />
      {blocked && (
        <Alert.Root status="error" data-testid="blocked-notice">
          <Alert.Indicator />
          <Alert.Title>{MSG.customerBlocked}</Alert.Title>
        </Alert.Root>
      )}
      {!allowed && (
        <Alert.Root status="info" data-testid="level-notice">
          <Alert.Indicator />
          <Alert.Description>{`Sales need ${LEVEL_NAMES[need]} (level ${need}) or higher.`}</Alert.Description>
        </Alert.Root>
      )}
      <LineItems
        lines={lines}
        stockOf={stockOf}
        readOnly={!editable}
        onChange={setLines}
        onAdded={() => setError(null)}
      />
      <SaveFooter
        error={error}
        onBack={() => void navigate('/make-sale')}
        onSave={() => void save()}
        busy={busy}
        disabled={!allowed || blocked}
        figures={figures}
      />
    </Stack>
  );
}
