import Papa from 'papaparse';
import { saveAs } from './documents';

/** CSV text with a header row (papaparse quotes commas, quotes and newlines; formulas are neutralised). */
export function toCsv(header: string[], rows: unknown[][]): string {
  const cell = (v: unknown) => {
    const s = v === null || v === undefined ? '' : Array.isArray(v) ? v.join('; ') : String(v);
    // a cell starting with = + - @ would run as a formula in a spreadsheet: stored text stays text
    return /^[=+\-@]/.test(s) && !/^-?\d/.test(s) ? `'${s}` : s;
  };
  return Papa.unparse({ fields: header, data: rows.map((r) => r.map(cell)) });
}

/** Saves text as a file through a temporary link (works offline: nothing leaves the device). */
export function downloadCsv(filename: string, csv: string) {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  saveAs(url, filename);
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
