import { Text } from '@chakra-ui/react';
import { formatShop } from '../../domain/dates';

/**
 * Pieces the level-5 admin screens share (Team, Config, Activity Log, Inventory Log): the ID and date cells.
 */

/**
 * An id as the ID column shows it: ids are UUIDv7, whose first half is a timestamp (alike for rows made close
 * together), so the column shows the random last 8 characters; the whole id is the tooltip, searched and exported.
 */
export function shortId(id: string): string {
  return id.length > 12 ? id.slice(-8) : id;
}

export function IdCell({ id }: { id: string }) {
  return (
    <Text as="span" fontFamily="mono" fontSize="xs" title={id} whiteSpace="nowrap">
      {shortId(id)}
    </Text>
  );
}

/** A date in the shop's time zone, in SPEC §9's 'MMM Do YYYY, h:mm:ss a'. */
export function DateCell({ at, timeZone }: { at: string; timeZone: string }) {
  if (!at) return null;
  const d = new Date(at);
  return (
    <Text as="span" whiteSpace="nowrap">
      {Number.isNaN(d.getTime()) ? at : formatShop(d, timeZone)}
    </Text>
  );
}
