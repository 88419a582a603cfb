import type { SystemStyleObject } from '@chakra-ui/react';

/**
 * Column priorities (issue 15: a bay tablet is 1024×768 landscape or 768×1024 portrait). A column's `meta.priority`
 * says when it gives way: 1 (the default) always shows, 2 hides when the table's box is narrower than 720 px (a
 * tablet held upright), 3 below 1000 px (a tablet on its side; a desk's screen shows it), 4 below 1280 px (a wide
 * table on a 1440 px desk, whose box is about 1160 px; a larger screen shows it). A table leaves its actions
 * and the columns a user picks a row by at 1, so no action falls off the screen.
 *
 * Hiding is CSS only (a container query on the table's box), not the table's column visibility: every cell stays in
 * the DOM, so search, CSV export, the Columns menu and tests without layout (jsdom) see every column.
 */
export type ColumnPriority = 1 | 2 | 3 | 4;

/** the `data-priority` a header or cell carries; none for priority 1, which never hides */
export function priorityAttr(priority: ColumnPriority | undefined): { 'data-priority'?: ColumnPriority } {
  return priority && priority > 1 ? { 'data-priority': priority } : {};
}

/**
 * The styles of the table's scroll box: a size container whose narrow widths hide the low-priority cells. Its text
 * wraps (Chakra's Table.ScrollArea keeps every cell on one line, which pushed a long log line or name past a tablet's
 * width); headers, dates and buttons keep their own nowrap.
 */
export const priorityContainer: SystemStyleObject = {
  containerType: 'inline-size',
  whiteSpace: 'normal',
  '@container (max-width: 1279.98px)': { '& [data-priority="4"]': { display: 'none' } },
  '@container (max-width: 999.98px)': { '& [data-priority="3"], & [data-priority="4"]': { display: 'none' } },
  '@container (max-width: 719.98px)': {
    '& [data-priority="2"], & [data-priority="3"], & [data-priority="4"]': { display: 'none' },
  },
};
