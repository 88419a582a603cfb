import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { openApp } from './openApp';

describe('/ and /login in the app router (SPEC §2)', () => {
  for (const level of [3, 4, 5]) {
    it(`shows the dashboard at / for level ${level} (above 2)`, async () => {
      await openApp('/', level);
      await waitFor(() => expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeTruthy());
      expect(screen.queryByRole('heading', { name: 'Make Service Request' })).toBeNull();
    });
  }

  for (const level of [1, 2]) {
    it(`shows the request screen at / for level ${level}`, async () => {
      await openApp('/', level);
      await waitFor(() => expect(screen.getByRole('heading', { name: 'Make Service Request' })).toBeTruthy());
      expect(screen.queryByRole('heading', { name: 'Dashboard' })).toBeNull();
    });
  }

  it('sends a signed-in user who opens /login to /', async () => {
    const router = await openApp('/login', 4);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeTruthy());
  });

  it('shows the footer with the build and the sync status on the login page too', async () => {
    await openApp('/login');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Login' })).toBeTruthy());
    expect(screen.getByTestId('footer').textContent).toMatch(/^Version: 3\.0 \/ build: \S+/);
    expect(screen.getByTestId('sync-status')).toBeTruthy();
  });
});
