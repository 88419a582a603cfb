import { useLiveQuery } from 'dexie-react-hooks';
import { shopSettings } from '../../../domain/configSheet';
import { NO_TAX, type TaxTerms } from '../../../domain/tax';
import { useRepos } from '../../data/DataProvider';

/**
 * The tax a new invoice, sale or estimate is raised with (issue 18): the shop's Config, live on this device, for the
 * screens' preview to show the figures the save will store (the write plans read the same settings).
 */
export function useShopTax(): TaxTerms {
  const repos = useRepos();
  return useLiveQuery(async () => shopSettings(await repos.config.list()).tax, [repos]) ?? NO_TAX;
}
