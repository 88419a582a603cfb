/**
 * The Activity Log and Inventory Log (SPEC §2: columns ID, Subject, Log and Date). A system log entry (SPEC §3:
 * subject, predicate) shows its predicate as the Log. An inventory log entry (SPEC §3: amount, created_at; with the
 * reason, reference and product the server records) shows the product's title as the Subject and the signed amount
 * with its reason as the Log: "+12 received", "-2 sold (INV A1-0042)". The server's GET /sys-log?category=inventory
 * and the device's Inventory Log read the same words from here.
 */
export interface LogLine {
  id: string;
  subject: string;
  log: string;
  created_at: string;
  username: string;
}

export function inventoryLogText(amount: number, reason = '', ref = ''): string {
  const signed = `${amount > 0 ? '+' : ''}${amount}`;
  return [signed, reason.trim(), ref.trim() ? `(${ref.trim()})` : ''].filter(Boolean).join(' ');
}

/** The subject of an inventory log entry: its product's title, or the product id when the product is unknown here. */
export function inventoryLogSubject(title: string | null | undefined, productId: string): string {
  return title && title.trim() ? title : productId;
}
