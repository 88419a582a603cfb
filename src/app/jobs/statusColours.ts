import type { JobStatus } from '../../domain/entities';
import { STATUS_COLOR } from '../../domain/jobs';

/**
 * A job status's colours, from the domain's one map (`STATUS_COLOR`, src/domain/jobs.ts): the job table's row tints
 * and chips, the dashboard tiles, the status control and the calendar's chips all read them here, so a booked job is
 * the same colour on the dashboard and on the calendar.
 */

/** The Chakra colour palette of a status ('gray' for anything unknown). */
export const statusPalette = (status: string): string => STATUS_COLOR[status as JobStatus] ?? 'gray';

/** A light background with dark text in the status's palette (row tints use `.50`, calendar chips these). */
export function statusTint(status: string): { bg: string; fg: string; palette: string } {
  const palette = statusPalette(status);
  return { bg: `${palette}.100`, fg: `${palette}.900`, palette };
}
