/**
 * The line-items kit of invoices, estimates and sales (SPEC §2 Create Invoice, Make Sale, Invoice editor; §5 Invoice
 * save): the product picker, the lines table and the summary. Rules come from src/domain/totals.ts.
 */
export { ProductPicker } from './ProductPicker';
export { LinesTable } from './LinesTable';
export { LineItems } from './LineItems';
export { Summary } from './Summary';
export { DocumentFooter, SaveFooter } from './SaveFooter';
export { useLineStock } from './useStock';
export { useShopTax } from './useShopTax';
export { useSaveNewInvoice } from './useSaveNewInvoice';
export type { Line } from './types';
export { LabourFields, labourForm, type LabourValues, type LabourField, type LabourError } from './LabourFields';
