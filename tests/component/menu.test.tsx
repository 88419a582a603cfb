import { describe, expect, it } from 'vitest';
import { menuRoutes } from '../../src/domain/routes';

/** The menu the shell draws is menuRoutes(level); SPEC §6's menu rules per level. */
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
});
