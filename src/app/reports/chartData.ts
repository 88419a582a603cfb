import { fromCents } from '../../domain/money';
import type { SalesReport } from '../../domain/reports';

/** One bar: the shop day (x, 'YYYY-MM-DD') and the figure in dollars (y). */
export interface Bar {
  x: string;
  y: number;
}

/** What the two charts draw: Labour, Products and Discounts per day, and Sales per day (dollars). */
export interface ReportChartData {
  labour: Bar[];
  products: Bar[];
  discounts: Bar[];
  sales: Bar[];
}

/** The series of the charts from the report's rows (cents → dollars); days without rows have no bars. */
export function chartData(report: SalesReport): ReportChartData {
  return {
    labour: report.invoices.map((r) => ({ x: r.dt, y: fromCents(r.labour) })),
    products: report.invoices.map((r) => ({ x: r.dt, y: fromCents(r.products) })),
    discounts: report.invoices.map((r) => ({ x: r.dt, y: fromCents(r.discounts) })),
    sales: report.sales.map((r) => ({ x: r.dt, y: fromCents(r.sales) })),
  };
}

/** The series' names and colours, shared by the bars and the legend. */
export const SERIES = [
  { key: 'labour', name: 'Labour', color: '#1f4e79' },
  { key: 'products', name: 'Products', color: '#2f855a' },
  { key: 'discounts', name: 'Discounts', color: '#c05621' },
] as const;
export const SALES_COLOR = '#6b46c1';
