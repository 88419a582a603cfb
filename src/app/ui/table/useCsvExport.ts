import type { Table } from '@tanstack/react-table';
import { useState } from 'react';
import { notifyError } from '../../feedback/toaster';
import { csvColumns, csvHeader, csvLines, csvValue, downloadCsv } from '../csv';
import type { DataTableProps } from './types';

/**
 * Export CSV: every matching row in the table's order (hidden exportable columns included), not only the page shown.
 * A client table holds them all; a manual one streams them from `exportRows`, a chunk at a time, while `exporting`.
 */
export function useCsvExport<T>(table: Table<T>, { columns, name, manual, exportRows }: DataTableProps<T>) {
  const [exporting, setExporting] = useState(false);
  const exportCsv = async () => {
    const cols = csvColumns(columns);
    const parts = [csvLines([csvHeader(cols)])];
    const write = (rows: T[]) => {
      if (rows.length) parts.push('\r\n', csvLines(rows.map((r, i) => cols.map((c) => csvValue(r, c, i)))));
    };
    if (!exportRows) {
      write((manual ? table.getCoreRowModel().rows : table.getPrePaginationRowModel().rows).map((r) => r.original));
      return downloadCsv(`${name}.csv`, parts);
    }
    setExporting(true);
    try {
      await exportRows(write);
      downloadCsv(`${name}.csv`, parts);
    } catch (err) {
      notifyError(err);
    } finally {
      setExporting(false);
    }
  };
  return { exporting, exportCsv };
}
