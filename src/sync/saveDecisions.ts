import {
  RETURN_FIELD,
  STORAGE_FIELD,
  estimateDiscount,
  lineKeys,
  storageAsk,
  type EstimateProfileFields,
  type LineKey,
} from '../domain/billingFields';
import { MSG } from '../domain/messages';
import type { FieldConflict } from '../local/fieldCalls';
import { saveEstimate } from '../local/repositories/estimates';
import { returnItems, saveInvoice, switchStorage } from '../local/repositories/invoiceWrites';
import { LocalWriteError, type WriteContext } from '../local/write';

/**
 * Use mine and edit and send on an invoice's or an estimate's field (issue 14): the save again, as the editor would
 * make it from the record as it is on the device now with this one field as the person wants it. It is planned as
 * on the server (figures, stock, the lines priced now) and sent with the field's base, what is there now; a paid
 * invoice refuses it at once (SPEC §4), so the decision waits for keep theirs.
 */
export async function resendSave(w: WriteContext, f: FieldConflict, value: unknown, sent?: unknown): Promise<void> {
  const gone = () => new LocalWriteError(`${f.record} is not on this device any more.`);
  if (f.entity === 'invoices' && (await resendInvoiceCall(w, f, value, sent))) return;
  const labour = (row: { work_hour: number; rate_hour: number }) => ({
    work_hour: f.field === 'work_hour' ? Number(value) : row.work_hour,
    rate_hour: f.field === 'rate_hour' ? Number(value) : row.rate_hour,
  });
  const lines = (row: { products: readonly LineKey[] }) =>
    f.field === 'products' ? lineKeys(value as LineKey[]) : lineKeys(row.products);
  if (f.entity === 'invoices') {
    const inv = await w.get('invoices', f.id);
    if (!inv) throw gone();
    await saveInvoice(w, f.id, labour(inv), lines(inv));
    return;
  }
  const est = await w.get('estimates', f.id);
  if (!est) throw gone();
  const profile = f.field === 'profile' ? (value as EstimateProfileFields) : est.profile;
  await saveEstimate(w, f.id, {
    id: f.id,
    profile: { first_name: '', last_name: '', contact: '', email: '', ...profile },
    serviceInvoice: f.field === 'services' ? (value as string[]) : est.services,
    formData: labour(est),
    productInvoice: lines(est),
    discount: f.field === 'discount' ? Number(value) : estimateDiscount(est),
  });
}

/**
 * Use mine on a storage switch or an item return (issue 14), made again against the invoice as the device holds it
 * now: storage with the option (and days) the person wants; a return re-planned on the invoice's lines now, with the
 * reason it was sent with — refused at once when it no longer fits (paid since, more than is on the invoice).
 * False when the field is a save's.
 */
async function resendInvoiceCall(w: WriteContext, f: FieldConflict, value: unknown, sent: unknown): Promise<boolean> {
  if (f.field === STORAGE_FIELD) {
    const ask = storageAsk(value);
    if (!ask) throw new LocalWriteError(MSG.storageDays);
    await switchStorage(w, f.id, ask.on, ask.days);
  } else if (f.field === RETURN_FIELD) {
    const comment = (sent as { data?: { comment?: unknown } } | null)?.data?.comment;
    await returnItems(w, f.id, lineKeys(value as LineKey[]), String(comment ?? ''));
  } else return false;
  return true;
}
