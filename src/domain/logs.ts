import { BOOKING_FORMAT, formatShop, shopDay } from './dates';

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
  /** when the server recorded it */
  created_at: string;
  /** when it was done on the device, where the server knows ('' else: the Activity Log's lines, issue 30) */
  done_at?: string;
  username: string;
}

/**
 * How much later than it was done a line must have reached the server for the log to say so: a minute, well past a
 * push's own seconds, so only work that waited offline (or in a held queue) carries a second time.
 */
export const SYNCED_LATER_MS = 60_000;

/** The time a line is shown and ordered by: when it was done, or, unknown, when the server recorded it. */
export const lineTime = (line: Pick<LogLine, 'created_at' | 'done_at'>) => line.done_at || line.created_at;

const SYNCED_FORMAT = 'HH:mm';

/**
 * 'synced 01:12' under a line done notably earlier than the server received it (SYNCED_LATER_MS), in the shop's zone;
 * with the date when it synced on another day ('synced 2025-03-05 09:00'); '' when it synced as it was done.
 */
export function syncedNote(line: Pick<LogLine, 'created_at' | 'done_at'>, timeZone: string): string {
  if (!line.done_at) return '';
  const gap = Date.parse(line.created_at) - Date.parse(line.done_at);
  if (!(gap > SYNCED_LATER_MS)) return '';
  const sameDay = shopDay(line.done_at, timeZone) === shopDay(line.created_at, timeZone);
  return `synced ${formatShop(line.created_at, timeZone, sameDay ? SYNCED_FORMAT : BOOKING_FORMAT)}`;
}

export function inventoryLogText(amount: number, reason = '', ref = ''): string {
  const signed = `${amount > 0 ? '+' : ''}${amount}`;
  return [signed, reason.trim(), ref.trim() ? `(${ref.trim()})` : ''].filter(Boolean).join(' ');
}

/** The subject of an inventory log entry: its product's title, or the product id when the product is unknown here. */
export function inventoryLogSubject(title: string | null | undefined, productId: string): string {
  return title && title.trim() ? title : productId;
}
