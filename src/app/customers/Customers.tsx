import { yupResolver } from '@hookform/resolvers/yup';
import { useForm } from 'react-hook-form';
import { customerEditSchema } from '../../domain/schemas/customer';
import type { CustomerRow } from '../../local/db';
import type { CustomerSort } from '../../local/repositories/customerPages';
import type { CustomerEdit } from '../../local/repositories/customers';
import { useRepos } from '../data/DataProvider';
import { PAGE_SIZES } from '../ui/DataTable';
import { ListScreen, type ListDeclaration } from '../ui/list/ListScreen';
import { useRowEdit } from '../ui/list/useRowEdit';
import { useConfirmedAction } from '../ui/confirm';
import { BLOCKED_ROWS, BY_NAME, COLUMNS, SORTS } from './customerColumns';
import { EDIT_FIELDS, TableContext, editValues, type EditForm, type TableCtx } from './tableContext';

/**
 * SPEC §2 Customers table (/view-customers, level 3+): every customer on this device, filterable, sortable,
 * searchable, exportable, with page sizes 10/20/50/100/200. One page is read at a time through the sort's index
 * (repos.customers.page, issue 13): 50,000 customers open as fast as 50. The search is the shop search (plate with
 * or without its space, VIN start or end, names, phone, email, by their starts); Export CSV streams every match.
 * Refresh syncs now. A row is edited in place (level 3+, customerEditSchema, PUT /customer with the changed fields);
 * Service History builds the PDF offline (above level 3); Block/Unblock (level 5) asks first (PUT /customer-status).
 * Blocked rows are pink (`data-blocked="true"`).
 */

/** Block or Unblock (level 5), asking first: a blocked customer cannot be used in a service request. */
function useToggleBlock() {
  const repos = useRepos();
  const act = useConfirmedAction();
  return (c: CustomerRow) => {
    const block = c.active !== 0;
    const who = `${c.first_name} ${c.last_name} (${c.registration})`;
    void act({
      title: block ? 'Block customer' : 'Unblock customer',
      message: block
        ? `Block ${who}? A blocked customer cannot be used in a service request.`
        : `Unblock ${who}? The customer can be used in service requests again.`,
      confirmLabel: block ? 'Block' : 'Unblock',
      danger: block,
      run: () => repos.customers.setActive(c.id, !block),
      done: `${block ? 'Blocked' : 'Unblocked'} ${who}`,
    });
  };
}

/** The rows' actions for their cells (TableContext): edit in place (only the changed fields are sent), Block/Unblock. */
function useRowActions(): TableCtx {
  const repos = useRepos();
  const form = useForm<EditForm>({ resolver: yupResolver(customerEditSchema) });
  const edit = useRowEdit<CustomerRow, EditForm, EditForm>(form, editValues, async (c, v) => {
    const before = editValues(c);
    const changes: CustomerEdit = {};
    for (const f of EDIT_FIELDS) {
      if (v[f] !== before[f]) (changes as Record<string, unknown>)[f] = v[f];
    }
    if (Object.keys(changes).length === 0) return null;
    await repos.customers.edit(v.id, changes);
    return `Customer ${v.first_name} ${v.last_name} updated`;
  });
  return { ...edit, toggleBlock: useToggleBlock() };
}

const CUSTOMERS: ListDeclaration<CustomerRow, CustomerSort> = {
  title: 'Customers',
  name: 'customers',
  pages: (repos) => ({ read: repos.customers.page, each: repos.customers.eachMatching }),
  defaultSort: BY_NAME,
  sorts: SORTS,
  pageSizes: PAGE_SIZES.customers,
  columns: COLUMNS,
  rowMarks: BLOCKED_ROWS,
  refresh: 'customers',
};

export default function Customers() {
  return <ListScreen list={CUSTOMERS} cells={{ context: TableContext, value: useRowActions() }} />;
}
