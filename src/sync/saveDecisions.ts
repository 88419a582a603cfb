import { lineKeys, type EstimateProfileFields, type LineKey } from '../domain/billingFields';
import type { InvoiceRow } from '../local/db';
import type { FieldConflict } from '../local/fieldCalls';
import { saveEstimate, type EstimateRow } from '../local/repositories/estimates';
import { saveInvoice } from '../local/repositories/invoiceWrites';
import { LocalWriteError, type WriteContext } from '../local/write';

/**
 * Use mine and edit and send on an invoice's or an estimate's field (issue 14): the save again, as the editor would
 * make it from the record as it is on the device now with this one field as the person wants it. It is planned as
 * on the server (figures, stock, the lines priced now) and sent with the field's base, what is there now; a paid
 * invoice refuses it at once (SPEC §4), so the decision waits for keep theirs.
 */
export async function resendSave(w: WriteContext, f: FieldConflict, value: unknown): Promise<void> {
  const gone = () => new LocalWriteError(`${f.record} is not on this device any more.`);
  const labour = (row: { work_hour: number; rate_hour: number }) => ({
    work_hour: f.field === 'work_hour' ? Number(value) : row.work_hour,
    rate_hour: f.field === 'rate_hour' ? Number(value) : row.rate_hour,
  });
  const lines = (row: { products: readonly LineKey[] }) =>
    f.field === 'products' ? lineKeys(value as LineKey[]) : lineKeys(row.products);
  if (f.entity === 'invoices') {
    const inv = await w.get<InvoiceRow>('invoices', f.id);
    if (!inv) throw gone();
    await saveInvoice(w, f.id, labour(inv), lines(inv));
    return;
  }
  const est = await w.get<EstimateRow>('estimates', f.id);
  if (!est) throw gone();
  const profile = f.field === 'profile' ? (value as EstimateProfileFields) : est.profile;
  await saveEstimate(w, f.id, {
    id: f.id,
    profile: { first_name: '', last_name: '', contact: '', email: '', ...profile },
    serviceInvoice: f.field === 'services' ? (value as string[]) : est.services,
    formData: labour(est),
    productInvoice: lines(est),
    discount: 0,
  });
}
