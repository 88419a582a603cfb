import { useLiveQuery } from 'dexie-react-hooks';
import { CONFIG_NAMES } from '../../domain/configSheet';
import { DEFAULT_TIME_ZONE } from '../../domain/dates';
import { useRepos } from '../data/DataProvider';

/**
 * The shop's time zone (config sheet 'time_zone', default America/Jamaica), live: a changed setting that arrives by
 * sync re-renders the dates. Until the settings are read, or when the zone is unknown, the default is used.
 */
export function useShopTimeZone(): string {
  const repos = useRepos();
  const settings = useLiveQuery(() => repos.config.settings(), [repos]);
  const tz = settings?.[CONFIG_NAMES.timeZone];
  return typeof tz === 'string' && tz && knownZone(tz) ? tz : DEFAULT_TIME_ZONE;
}

/** A zone the browser knows (a mistyped setting falls back to the default instead of breaking every date). */
function knownZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}
