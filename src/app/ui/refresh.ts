import { useState } from 'react';
import { useSync } from '../data/DataProvider';
import { notify, notifyError } from '../feedback/toaster';

/**
 * The one Refresh of a table (Customers, Transactions): asks the sync engine for a cycle now; offline it says the
 * table shows what this device holds ('Offline: showing the <what> saved on this device.'), a failed cycle is shown
 * as is. The rows themselves follow through the screen's live query.
 */
export function useRefresh(what: string) {
  const engine = useSync();
  const [refreshing, setRefreshing] = useState(false);
  const refresh = async () => {
    setRefreshing(true);
    try {
      const report = await engine.syncNow();
      if (!report.online) notify(`Offline: showing the ${what} saved on this device.`, 'info');
      else if (report.error) notifyError(report.error);
    } catch (err) {
      notifyError(err);
    } finally {
      setRefreshing(false);
    }
  };
  return { refreshing, refresh };
}
