import type { ColumnDef } from '@tanstack/react-table';
import type { Repositories } from '../../local/repositories';
import type { ActivityLine } from '../../local/repositories/logs';
import type { ActivitySort } from '../../local/repositories/logPages';
import { LogScreen } from './LogScreen';

const EXTRA: ColumnDef<ActivityLine, unknown>[] = [
  { accessorKey: 'category', header: 'Category', meta: { hidden: true } },
];
const reader = (repos: Repositories) => ({ read: repos.logs.activityPage, each: repos.logs.eachActivity });
// the columns an index sorts by (src/local/repositories/logPages.ts ACTIVITY_SORTS)
const SORTS: readonly ActivitySort[] = ['created_at', 'subject'];
const OPTIONS = { sorts: SORTS, filterSubject: true };

/**
 * SPEC §2 Activity Log, /view-sys-log (level 5): ID, Subject, Log and Date, newest first, searchable by the start of
 * any word ('job #a1', 'mike'). Every entry the server recorded (jobs, inventory, team and settings), read a page at
 * a time from the device's copy (repos.logs.activityPage), so it opens offline and grows live as the pull brings new
 * entries. The category and the user are hidden columns.
 */
export default function ActivityLog() {
  return <LogScreen<ActivityLine, ActivitySort> title="Activity Log" reader={reader} extra={EXTRA} options={OPTIONS} />;
}
