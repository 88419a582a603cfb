import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Layout } from '../../src/app/shell/Layout';
import { MENU_ICONS } from '../../src/app/shell/RouteIcon';
import { MENU_GROUPS, SCREEN_ROUTES, canSee, menuRoutes, menuSections } from '../../src/domain/routes';
import { openApp } from './openApp';
import { renderScreen } from './render';
import { nth, known } from '../helpers/present';

/** The menu the shell draws is menuSections(level): SPEC §6's menu rules per level, grouped (issue 15). */
describe('menu by level (SPEC §6)', () => {
  const menu = (level: number) => menuRoutes(level).map((r) => r.path);
  it.each([
    ['/add-customer', 2],
    ['/make-request', 3],
    ['/view-calendar', 3],
    ['/view-invoices', 4],
    ['/report', 5],
    ['/view-team', 5],
  ])('%s appears from level %i', (path, from) => {
    for (const level of [1, 2, 3, 4, 5]) expect(menu(level).includes(path), `${path} at ${level}`).toBe(level >= from);
  });

  /** each level's menu as a shop reads it: group → entries */
  const EXPECTED: Record<number, Record<string, string[]>> = {
    1: {},
    2: { Bay: ['Dashboard'], 'Front desk': ['Add Customer'] },
    3: {
      Bay: ['Dashboard', 'Calendar', 'Jobs'],
      'Front desk': ['Make Service Request', 'Add Customer', 'Customers'],
      Stock: ['Product List'],
    },
    4: {
      Bay: ['Dashboard', 'Calendar', 'Jobs'],
      'Front desk': ['Make Service Request', 'Add Customer', 'Customers'],
      Money: ['Invoices', 'Generate Estimate', 'Make Sale', 'Estimates'],
      Stock: ['Product List', 'Inventory'],
    },
    5: {
      Bay: ['Dashboard', 'Calendar', 'Jobs'],
      'Front desk': ['Make Service Request', 'Add Customer', 'Customers'],
      Money: ['Invoices', 'Generate Estimate', 'Make Sale', 'Estimates', 'Transactions', 'Cash-up'],
      Stock: ['Product List', 'Inventory', 'Suppliers'],
      'Reports & logs': ['Reports', 'Activity Log', 'Inventory Log'],
      Admin: ['Members', 'Configuration'],
    },
  };

  it.each([1, 2, 3, 4, 5])(
    'level %i: the groups in the shop order, each with only what the level may open',
    (level) => {
      const sections = menuSections(level);
      expect(Object.fromEntries(sections.map((s) => [s.title, s.routes.map((r) => r.title)]))).toEqual(EXPECTED[level]);
      // the order of MENU_GROUPS, no empty group, nothing lost or doubled against the flat rule
      const order = MENU_GROUPS.map((g) => g.title);
      expect(sections.map((s) => s.title)).toEqual(order.filter((t) => t in known(EXPECTED[level], 'EXPECTED[level]')));
      expect(sections.flatMap((s) => s.routes.map((r) => r.path)).sort()).toEqual(menu(level).sort());
      for (const s of sections)
        for (const r of s.routes) expect(canSee(r.path, level), `${r.path} at ${level}`).toBe(true);
    },
  );

  it('every menu entry has a group and an icon', () => {
    for (const r of SCREEN_ROUTES.filter((x) => x.menuLevel !== null)) {
      expect(r.group, r.path).not.toBeNull();
      expect(MENU_ICONS[r.path], r.path).toBeTruthy();
    }
  });
});

describe('the menu in the shell', () => {
  // jsdom has no media queries, so the side panel (lg and up) stays display:none: the menu is read where a portrait
  // tablet has it, in the drawer the header's Menu button opens
  const openMenu = async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    return within(await screen.findByRole('dialog')).getByRole('navigation', { name: 'Main menu' });
  };

  it.each([2, 3, 4, 5])(
    'level %i: labelled groups of links with icons, exactly the entries of the level',
    async (level) => {
      await renderScreen(<Layout />, { level, path: '/add-customer', route: '*' });
      const nav = await openMenu();
      const groups = within(nav).getAllByRole('group');
      expect(
        groups.map(
          (g) =>
            g.getAttribute('aria-labelledby') &&
            document.getElementById(g.getAttribute('aria-labelledby')!)?.textContent,
        ),
      ).toEqual(menuSections(level).map((s) => s.title));
      for (const [i, s] of menuSections(level).entries()) {
        const links = within(nth(groups, i)).getAllByRole('link');
        expect(links.map((a) => a.textContent)).toEqual(s.routes.map((r) => r.title));
        expect(links.map((a) => a.getAttribute('href'))).toEqual(s.routes.map((r) => r.path));
        // the icon (its own chunk, so it comes a moment later) is decoration: hidden from screen readers, so each
        // link's name is its title alone
        for (const a of links)
          await waitFor(() => expect(a.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true'));
      }
      expect(within(nav).queryByRole('link', { name: 'Members' }) !== null).toBe(level === 5);
    },
  );

  it('marks the current place: aria-current on its entry, its group and title in the header', async () => {
    await renderScreen(<Layout />, { level: 5, path: '/view-suppliers', route: '*' });
    const nav = await openMenu();
    const current = within(nav)
      .getAllByRole('link')
      .filter((a) => a.getAttribute('aria-current') === 'page');
    expect(current.map((a) => a.textContent)).toEqual(['Suppliers']);
    expect(screen.getByTestId('current-place').textContent).toBe('Stock › Suppliers');
  });

  it('a screen outside the menu still says where it is', async () => {
    await renderScreen(<Layout />, { level: 5, path: '/view-invoice', route: '*' });
    expect(screen.getByTestId('current-place').textContent).toBe('Money › Invoice');
    expect(
      within(await openMenu())
        .getAllByRole('link')
        .filter((a) => a.getAttribute('aria-current')),
    ).toEqual([]);
  });

  it('works from the keyboard: real links in order, and "Skip to content" first, which moves focus to the screen', async () => {
    await renderScreen(<Layout />, { level: 5, path: '/dash', route: '*' });
    const skip = screen.getByRole('button', { name: 'Skip to content' });
    // the first focusable thing on the page
    const focusable = document.querySelectorAll('a[href], button:not([disabled])');
    expect(focusable[0]).toBe(skip);
    fireEvent.click(skip);
    expect(document.activeElement).toBe(screen.getByRole('main'));
    for (const a of within(await openMenu()).getAllByRole('link')) {
      expect(a.tagName).toBe('A');
      expect(a.getAttribute('tabindex')).toBeNull(); // in the tab order as any link
    }
  });

  it('clicking an entry goes there and marks it', async () => {
    await renderScreen(<Layout />, { level: 4, path: '/dash', route: '*' });
    fireEvent.click(within(await openMenu()).getByRole('link', { name: 'Make Sale' }));
    expect(screen.getByTestId('location').textContent).toBe('/make-sale');
    // the drawer closes on a choice; opened again, the entry is marked
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(
      within(await openMenu())
        .getByRole('link', { name: 'Make Sale' })
        .getAttribute('aria-current'),
    ).toBe('page');
    expect(screen.getByTestId('current-place').textContent).toBe('Money › Make Sale');
  });
});

/**
 * Issue 30: a new screen opened where the last one was scrolled (Members, low in the menu, showed blank until scrolled
 * up; Generate Invoice opened at its bottom). The shell scrolls the window alone: jsdom lays nothing out, so the
 * window's scroll is a number these tests keep, moved only by window.scrollTo.
 */
describe('where a new screen opens (issue 30)', () => {
  let y = 0;
  const scrolledBy = (user: number) => {
    y = user;
  };
  const stub = () => {
    y = 0;
    const to = (_x: number, top: number) => scrolledBy(top);
    vi.spyOn(window, 'scrollTo').mockImplementation(to as typeof window.scrollTo);
    vi.spyOn(window, 'scrollY', 'get').mockImplementation(() => y);
  };
  afterEach(() => vi.restoreAllMocks());

  it('a link opens the next screen at its top; Back returns where the last one was left', async () => {
    stub();
    const router = await openApp('/view-suppliers', 5);
    await screen.findByRole('heading', { name: 'Suppliers' });
    scrolledBy(900);
    await act(() => router.navigate('/view-team'));
    await waitFor(() => expect(y).toBe(0));
    scrolledBy(40);
    await act(() => router.navigate(-1));
    await waitFor(() => expect(router.state.location.pathname).toBe('/view-suppliers'));
    await waitFor(() => expect(y).toBe(900));
    await act(() => router.navigate(1));
    await waitFor(() => expect(y).toBe(40));
  });

  it('a choice in the menu drawer opens the screen at its top once the drawer is gone (its scroll lock puts the page back)', async () => {
    stub();
    await renderScreen(<Layout />, { level: 5, path: '/view-suppliers', route: '*' });
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const nav = within(await screen.findByRole('dialog')).getByRole('navigation', { name: 'Main menu' });
    // an iPad's scroll lock: the page where it was, after the router had scrolled it to the top
    scrolledBy(1200);
    fireEvent.click(within(nav).getByRole('link', { name: 'Members' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(y).toBe(0));
    // closed without a choice, the drawer leaves the page where it is
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    await screen.findByRole('dialog');
    scrolledBy(300);
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(y).toBe(300);
  });
});
