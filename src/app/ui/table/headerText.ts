import type { Column } from '@tanstack/react-table';

/** A column's name in words: its header when that is text, else its id. */
export const headerText = <T>(c: Column<T, unknown>): string =>
  typeof c.columnDef.header === 'string' ? c.columnDef.header : c.id;
