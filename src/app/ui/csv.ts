import type { ColumnDef } from '@tanstack/react-table';
import Papa from 'papaparse';
import { saveAs } from './documents';

function cell(v: unknown): string {
  const s = v === null || v === undefined ? '' : Array.isArray(v) ? v.join('; ') : String(v);
  // a cell starting with = + - @ would run as a formula in a spreadsheet: stored text stays text
  return /^[=+\-@]/.test(s) && !/^-?\d/.test(s) ? `'${s}` : s;
}

/** CSV text with a header row (papaparse quotes commas, quotes and newlines; formulas are neutralised). */
export function toCsv(header: string[], rows: unknown[][]): string {
  return Papa.unparse({ fields: header, data: rows.map((r) => r.map(cell)) });
}

/** CSV lines without a header: a chunk of a streamed export, joined to the others with CRLF. */
export function csvLines(rows: unknown[][]): string {
  return Papa.unparse(rows.map((r) => r.map(cell)));
}

const columnId = <T>(c: ColumnDef<T, unknown>) => (c as { accessorKey?: string }).accessorKey ?? c.id;

/** The columns an export holds (every one with a value, hidden ones included, but those marked `csv: false`). */
export function csvColumns<T>(columns: ColumnDef<T, unknown>[]): ColumnDef<T, unknown>[] {
  return columns.filter((c) => c.meta?.csv !== false && columnId(c));
}

export function csvHeader<T>(columns: ColumnDef<T, unknown>[]): string[] {
  return columns.map((c) => (typeof c.header === 'string' ? c.header : (columnId(c) ?? '')));
}

/** A row's value for a column: the column's `csv`, else its accessor's value. */
export function csvValue<T>(row: T, col: ColumnDef<T, unknown>, index = 0): unknown {
  if (col.meta?.csv) return col.meta.csv(row);
  const fn = (col as { accessorFn?: (r: T, i: number) => unknown }).accessorFn;
  if (fn) return fn(row, index);
  const key = (col as { accessorKey?: string }).accessorKey;
  return key ? (row as Record<string, unknown>)[key] : '';
}

/** Saves text as a file through a temporary link (works offline: nothing leaves the device). */
export function downloadCsv(filename: string, csv: string | string[]) {
  const url = URL.createObjectURL(new Blob(Array.isArray(csv) ? csv : [csv], { type: 'text/csv;charset=utf-8' }));
  saveAs(url, filename);
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
