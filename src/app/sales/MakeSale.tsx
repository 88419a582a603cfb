import { Alert, Button, Stack } from '@chakra-ui/react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { fill, MSG } from '../../domain/messages';
import { useRepos } from '../data/DataProvider';
import { DelayedSpinner } from '../feedback/DelayedSpinner';
import { FindCustomer } from './FindCustomer';
import { SaleForm } from './SaleForm';

/** SPEC §2: the query id of an anonymous product sale (Quick Sale). */
export const QUICK_SALE_ID = 'default';

/**
 * SPEC §2 Make Sale (/make-sale): without id the customer search, Quick Sale and Add Customer; with id a customer's
 * product sale, or an anonymous one for id 'default'. The customer is read live (blocked meanwhile shows at once).
 */
export default function MakeSale() {
  const repos = useRepos();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id')?.trim() ?? '';
  const customer = useLiveQuery(
    async () => (id && id !== QUICK_SALE_ID ? ((await repos.customers.get(id)) ?? null) : null),
    [repos, id],
  );

  if (!id) return <FindCustomer />;
  if (id === QUICK_SALE_ID) return <SaleForm key={id} customer={null} />;
  if (customer === undefined) return <DelayedSpinner />;
  if (customer === null) {
    return (
      <Stack gap="4" maxW="3xl">
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{fill(MSG.noRecordFound, { id })}</Alert.Title>
            <Alert.Description>Find the customer again, or make a Quick Sale.</Alert.Description>
          </Alert.Content>
        </Alert.Root>
        <Button alignSelf="flex-start" variant="outline" onClick={() => void navigate('/make-sale')}>
          Go Back
        </Button>
      </Stack>
    );
  }
  return <SaleForm key={id} customer={customer} />;
}
