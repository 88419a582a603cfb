import type { ColumnDef } from '@tanstack/react-table';
import type { ActivityLine } from '../../local/repositories/logs';
import type { ActivitySort } from '../../local/repositories/logPages';
import { PAGE_SIZES } from '../ui/DataTable';
import type { ListDeclaration } from '../ui/list/ListScreen';
import { LogScreen } from './LogScreen';

const EXTRA: ColumnDef<ActivityLine, unknown>[] = [
  { accessorKey: 'category', header: 'Category', meta: { hidden: true } },
];
const ACTIVITY_LOG: ListDeclaration<ActivityLine, ActivitySort> = {
  title: 'Activity Log',
  pages: (repos) => ({ read: repos.logs.activityPage, each: repos.logs.eachActivity }),
  defaultSort: { id: 'created_at', desc: true },
  // the columns an index sorts by (src/local/repositories/logPages.ts ACTIVITY_SORTS)
  sorts: ['created_at', 'subject'],
  pageSizes: PAGE_SIZES.default,
};

/**
 * SPEC §2 Activity Log, /view-sys-log (level 5): ID, Subject, Log and Date, newest first, searchable by the start of
 * any word ('job #a1', 'mike'). Every entry the server recorded (jobs, inventory, team and settings), read a page at
 * a time from the device's copy (repos.logs.activityPage), so it opens offline and grows live as the pull brings new
 * entries. The category and the user are hidden columns.
 */
export default function ActivityLog() {
  return <LogScreen list={ACTIVITY_LOG} extra={EXTRA} filterSubject />;
}
