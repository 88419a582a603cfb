import type { Level } from './levels';

/**
 * The screen route table of SPEC §2. `minLevel` guards the route; `menuLevel` is the lowest level that sees it in
 * the menu (SPEC §6's menu rules differ from the route table in places); null means not in the menu.
 */
export interface ScreenRoute {
  path: string;
  title: string;
  minLevel: Level;
  menuLevel: Level | null;
  /** where the screen sits in the menu and in the header's "you are here" (null: the home screen, in no group) */
  group: MenuGroup | null;
}

/** The menu's groups, in the order a shop reads them (issue 15): each route names its group once, below. */
export type MenuGroup = 'bay' | 'front' | 'money' | 'stock' | 'reports' | 'admin';

export const MENU_GROUPS: readonly { id: MenuGroup; title: string }[] = [
  { id: 'bay', title: 'Bay' },
  { id: 'front', title: 'Front desk' },
  { id: 'money', title: 'Money' },
  { id: 'stock', title: 'Stock' },
  { id: 'reports', title: 'Reports & logs' },
  { id: 'admin', title: 'Admin' },
];

export const SCREEN_ROUTES: readonly ScreenRoute[] = [
  { path: '/', title: 'Home', minLevel: 1, menuLevel: null, group: null },
  { path: '/make-request', title: 'Make Service Request', minLevel: 1, menuLevel: 3, group: 'front' },
  { path: '/dash', title: 'Dashboard', minLevel: 2, menuLevel: 2, group: 'bay' },
  { path: '/view-calendar', title: 'Calendar', minLevel: 2, menuLevel: 3, group: 'bay' },
  { path: '/add-customer', title: 'Add Customer', minLevel: 1, menuLevel: 2, group: 'front' },
  { path: '/view-customers', title: 'Customers', minLevel: 3, menuLevel: 3, group: 'front' },
  { path: '/add-product', title: 'Add Product', minLevel: 3, menuLevel: null, group: 'stock' },
  { path: '/view-products', title: 'Product List', minLevel: 3, menuLevel: 3, group: 'stock' },
  { path: '/view-request', title: 'Jobs', minLevel: 3, menuLevel: 3, group: 'bay' },
  { path: '/report', title: 'Reports', minLevel: 3, menuLevel: 5, group: 'reports' },
  { path: '/generate-invoice', title: 'Create Invoice', minLevel: 3, menuLevel: null, group: 'money' },
  { path: '/view-invoices', title: 'Invoices', minLevel: 3, menuLevel: 4, group: 'money' },
  { path: '/view-estimate', title: 'Generate Estimate', minLevel: 3, menuLevel: 4, group: 'money' },
  { path: '/products', title: 'Inventory', minLevel: 4, menuLevel: 4, group: 'stock' },
  { path: '/make-sale', title: 'Make Sale', minLevel: 4, menuLevel: 4, group: 'money' },
  { path: '/view-estimates', title: 'Estimates', minLevel: 4, menuLevel: 4, group: 'money' },
  { path: '/view-invoice', title: 'Invoice', minLevel: 4, menuLevel: null, group: 'money' },
  { path: '/transactions', title: 'Transactions', minLevel: 5, menuLevel: 5, group: 'money' },
  // beyond SPEC (issue 18): the end-of-day cash-up, at the Transactions screen's level
  { path: '/cash-up', title: 'Cash-up', minLevel: 5, menuLevel: 5, group: 'money' },
  { path: '/view-suppliers', title: 'Suppliers', minLevel: 5, menuLevel: 5, group: 'stock' },
  { path: '/view-team', title: 'Members', minLevel: 5, menuLevel: 5, group: 'admin' },
  { path: '/view-sys-log', title: 'Activity Log', minLevel: 5, menuLevel: 5, group: 'reports' },
  { path: '/view-inventory-log', title: 'Inventory Log', minLevel: 5, menuLevel: 5, group: 'reports' },
  { path: '/view-config', title: 'Configuration', minLevel: 5, menuLevel: 5, group: 'admin' },
];

export function findRoute(path: string): ScreenRoute | undefined {
  const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return SCREEN_ROUTES.find((r) => r.path === clean);
}

/** May a user of this level open the route? (no session is handled by the guard: it goes to /login) */
export function canSee(path: string, level: number): boolean {
  const route = findRoute(path);
  return !!route && level >= route.minLevel;
}

export function menuRoutes(level: number): ScreenRoute[] {
  return SCREEN_ROUTES.filter((r) => r.menuLevel !== null && level >= r.menuLevel);
}

export interface MenuSection {
  id: MenuGroup;
  title: string;
  routes: ScreenRoute[];
}

/** The menu a level sees, by group in MENU_GROUPS' order; a group with nothing this level may open is left out. */
export function menuSections(level: number): MenuSection[] {
  const visible = menuRoutes(level);
  return MENU_GROUPS.map((g) => ({ ...g, routes: visible.filter((r) => r.group === g.id) })).filter(
    (s) => s.routes.length > 0,
  );
}

/** "You are here" for a path: its group's title (none for the home screen) and the screen's title. */
export function placeOf(path: string): { group: string | null; title: string } | null {
  const route = findRoute(path);
  if (!route) return null;
  return { group: MENU_GROUPS.find((g) => g.id === route.group)?.title ?? null, title: route.title };
}

/** '/' is the dashboard above level 2, otherwise the request screen (SPEC §2). */
export function homeScreen(level: number): 'dashboard' | 'request' {
  return level > 2 ? 'dashboard' : 'request';
}
