import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** Every screen route of SPEC §2 and its lazily loaded screen (each its own chunk, all precached by the worker). */
export const SCREENS: Record<string, LazyExoticComponent<ComponentType>> = {
  '/make-request': lazy(() => import('./jobs/MakeRequest')),
  '/dash': lazy(() => import('./jobs/Dashboard')),
  '/view-calendar': lazy(() => import('./jobs/Calendar')),
  '/add-customer': lazy(() => import('./customers/AddCustomer')),
  '/view-customers': lazy(() => import('./customers/Customers')),
  '/add-product': lazy(() => import('./inventory/AddProduct')),
  '/view-products': lazy(() => import('./inventory/ProductList')),
  '/view-request': lazy(() => import('./jobs/Jobs')),
  '/report': lazy(() => import('./reports/Reports')),
  '/generate-invoice': lazy(() => import('./invoices/CreateInvoice')),
  '/view-invoices': lazy(() => import('./invoices/Invoices')),
  '/view-estimate': lazy(() => import('./estimates/EstimateEditor')),
  '/products': lazy(() => import('./inventory/Inventory')),
  '/make-sale': lazy(() => import('./sales/MakeSale')),
  '/view-estimates': lazy(() => import('./estimates/Estimates')),
  '/view-invoice': lazy(() => import('./invoices/InvoiceEditor')),
  '/transactions': lazy(() => import('./invoices/Transactions')),
  '/cash-up': lazy(() => import('./cashup/CashUp')),
  '/view-suppliers': lazy(() => import('./inventory/Suppliers')),
  '/view-team': lazy(() => import('./admin/Team')),
  '/view-sys-log': lazy(() => import('./admin/ActivityLog')),
  '/view-inventory-log': lazy(() => import('./admin/InventoryLog')),
  '/view-config': lazy(() => import('./admin/Config')),
};
