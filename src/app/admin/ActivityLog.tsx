import type { ColumnDef } from '@tanstack/react-table';
import type { Repositories } from '../../local/repositories';
import type { ActivityLine } from '../../local/repositories/logs';
import { LogScreen } from './LogScreen';

const EXTRA: ColumnDef<ActivityLine, unknown>[] = [
  { accessorKey: 'category', header: 'Category', meta: { hidden: true } },
];
const read = (repos: Repositories) => repos.logs.activity();

/**
 * SPEC §2 Activity Log, /view-sys-log (level 5): ID, Subject, Log and Date, newest first, searchable. Every entry the
 * server recorded (jobs, inventory, team and settings), read from the device's copy (repos.logs.activity), so it
 * opens offline and grows live as the pull brings new entries. The category and the user are hidden columns.
 */
export default function ActivityLog() {
  return <LogScreen<ActivityLine> title="Activity Log" read={read} extra={EXTRA} />;
}
