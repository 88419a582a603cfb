import {
  Boxes,
  CalendarDays,
  ChartColumn,
  ClipboardPlus,
  CreditCard,
  FilePlus,
  Files,
  LayoutDashboard,
  List,
  Package,
  ReceiptText,
  ScrollText,
  Settings,
  ShoppingCart,
  Truck,
  UserCog,
  UserPlus,
  Users,
  Wallet,
  Wrench,
  type LucideIcon,
} from 'lucide-react';

/**
 * One icon per menu entry, by path (the domain's route table says which group an entry is in; the icon is the
 * screen's business). Named imports only, so the chunk carries these 20 and no other (lucide-react tree-shakes).
 */
export const MENU_ICONS: Readonly<Record<string, LucideIcon>> = {
  '/dash': LayoutDashboard,
  '/view-request': Wrench,
  '/view-calendar': CalendarDays,
  '/make-request': ClipboardPlus,
  '/add-customer': UserPlus,
  '/view-customers': Users,
  '/view-invoices': ReceiptText,
  '/view-estimate': FilePlus,
  '/make-sale': ShoppingCart,
  '/view-estimates': Files,
  '/transactions': CreditCard,
  '/cash-up': Wallet,
  '/view-products': List,
  '/products': Package,
  '/view-suppliers': Truck,
  '/report': ChartColumn,
  '/view-sys-log': ScrollText,
  '/view-inventory-log': Boxes,
  '/view-team': UserCog,
  '/view-config': Settings,
};

/** A menu entry's icon: decoration (lucide marks it aria-hidden), so the link's name is its title alone. */
export default function RouteIcon({ path, size }: { path: string; size: number }) {
  const Icon = MENU_ICONS[path];
  return Icon ? <Icon size={size} strokeWidth={2} /> : null;
}
