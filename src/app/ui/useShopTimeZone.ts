import { useLiveQuery } from 'dexie-react-hooks';
import { CONFIG_NAMES } from '../../domain/configSheet';
import { shopTimeZone } from '../../domain/dates';
import { useRepos } from '../data/DataProvider';

/**
 * The shop's time zone (config sheet 'time_zone', default America/Jamaica), live: a changed setting that arrives by
 * sync re-renders the dates. Until the settings are read, or when the zone is unknown, the default is used.
 */
export function useShopTimeZone(): string {
  const repos = useRepos();
  const settings = useLiveQuery(() => repos.config.settings(), [repos]);
  return shopTimeZone(settings?.[CONFIG_NAMES.timeZone]);
}
