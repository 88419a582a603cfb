import type { ShopSettings } from '../../../domain/configSheet';
import { fromCents } from '../../../domain/money';
import { invoiceFigures } from '../../../domain/totals';
import type { InvoiceRow } from '../../../local/db';
import type { InvoiceForm } from '../../../local/repositories/invoices';
import { labourForm, type LabourField, type Line } from '../lines';

/**
 * The invoice editor's unsaved edits (work hours, rate per hour in dollars as typed, product lines). `null` means
 * "no edits": the screen shows the stored invoice, live, so another device's change arriving by the pull shows at
 * once. An edit starts a draft from the stored invoice; Save & Recal Charges writes it and drops it.
 */
export interface Draft {
  workHours: string;
  rate: string;
  lines: Line[];
  /** the stored invoice the draft started from */
  base: InvoiceRow;
}

/** Work hours and rate as the inputs show them (rate in dollars). */
export function draftOf(inv: InvoiceRow): Draft {
  return {
    workHours: String(inv.work_hour ?? 0),
    rate: String(fromCents(inv.rate_hour ?? 0)),
    lines: ((inv.products ?? []) as Line[]).map((l) => ({ ...l })),
    base: inv,
  };
}

/**
 * The draft that still counts once the stored invoice changed under it (a payment, return or storage change here, or
 * another device's change arriving by the pull): a draft with no edits of its own is dropped, so the screen shows the
 * new invoice; one with edits is kept (the user saves or discards it).
 */
export function liveDraft(draft: Draft | null, inv: InvoiceRow): Draft | null {
  if (!draft || draft.base.version === inv.version) return draft;
  return isDirty(draft, draft.base) ? draft : null;
}

/** Units returned are only ever changed by Item Return: a save keeps the stored counts, never the draft's older ones. */
export function withStoredReturns(lines: readonly Line[], inv: InvoiceRow): Line[] {
  const stored = new Map(((inv.products ?? []) as Line[]).map((l) => [l.id, l.returned ?? 0]));
  return lines.map((l) => {
    const returned = stored.get(l.id) ?? 0;
    const { returned: _old, ...rest } = l;
    return returned > 0 ? { ...rest, returned, qty: Math.max(rest.qty, returned) } : rest;
  });
}

const sameLines = (a: readonly Line[], b: readonly Line[]) =>
  a.length === b.length &&
  a.every(
    (l, i) =>
      l.id === b[i].id && l.qty === b[i].qty && l.price === b[i].price && (l.returned ?? 0) === (b[i].returned ?? 0),
  );

/** Whether the lines differ from the stored ones (SPEC §8 'Please press "Save Changes", products total have been adjusted.'). */
export function linesChanged(draft: Draft | null, inv: InvoiceRow): boolean {
  return !!draft && !sameLines(draft.lines, (inv.products ?? []) as Line[]);
}

/** Whether the draft differs from the stored invoice: unsaved changes block payments (SPEC §4). */
export function isDirty(draft: Draft | null, inv: InvoiceRow): boolean {
  if (!draft) return false;
  const parsed = parseDraft(draft, inv);
  if (!parsed.ok) return true;
  return parsed.form.work_hour !== inv.work_hour || parsed.form.rate_hour !== inv.rate_hour || linesChanged(draft, inv);
}

export type Parsed =
  { ok: true; form: InvoiceForm; lines: Line[] } | { ok: false; field: LabourField; message: string };

/**
 * The draft as the repository takes it (SPEC §5 'Enter work hours', 'Enter rate/hour' through the line-items kit's
 * labourForm); a product sale has no labour: 0 and 0.
 */
export function parseDraft(draft: Draft, inv: Pick<InvoiceRow, 'type'>): Parsed {
  if (inv.type === 'product') return { ok: true, form: { work_hour: 0, rate_hour: 0 }, lines: draft.lines };
  const r = labourForm({ workHours: draft.workHours, rate: draft.rate });
  return r.ok ? { ok: true, form: r.form, lines: draft.lines } : r;
}

/** The figures the screen shows: the stored ones, or those the draft would give (the repository's own rule). */
export function figuresOf(inv: InvoiceRow, draft: Draft | null, settings: ShopSettings) {
  const parsed = draft ? parseDraft(draft, inv) : null;
  const parts = {
    ...inv,
    ...(parsed?.ok ? { work_hour: parsed.form.work_hour, rate_hour: parsed.form.rate_hour } : {}),
    products: draft?.lines ?? inv.products,
  };
  return invoiceFigures(parts, settings);
}

/** Units of each product the stored invoice holds (they left stock when it was saved): the lines may use them again. */
export function heldBy(inv: InvoiceRow): (id: string) => number {
  const held = new Map<string, number>();
  for (const l of (inv.products ?? []) as Line[]) held.set(l.id, (held.get(l.id) ?? 0) + l.qty);
  return (id) => held.get(id) ?? 0;
}
