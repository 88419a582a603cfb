/**
 * The line-items kit of invoices, estimates and sales (SPEC §2 Create Invoice, Make Sale, Invoice editor; §5 Invoice
 * save): the product picker, the lines table and the summary. Rules come from src/domain/totals.ts.
 */
export { ProductPicker, checkAddProduct, lineOf, PRODUCT_SEARCH_MIN, type ProductPickerProps } from './ProductPicker';
export { LinesTable, lineTotal, type LinesTableProps } from './LinesTable';
export { Summary, type SummaryFigures } from './Summary';
export { SaveFooter } from './SaveFooter';
export { useLineStock } from './useStock';
export { useSaveNewInvoice } from './useSaveNewInvoice';
export type { Line, LineColumn } from './types';
export { LabourFields, acceptLabourInput, labourForm, LABOUR_INPUT_MAX, type LabourValues, type LabourField, type LabourError } from './LabourFields';
