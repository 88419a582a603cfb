import { ChakraProvider } from '@chakra-ui/react';
import { system } from '../../src/app/ui/system';
import { render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { createData, DataProvider } from '../../src/app/data/DataProvider';
import { routes } from '../../src/app/router';
import { TOKEN_KEY } from '../../src/app/session/session';
import { ConfirmProvider } from '../../src/app/ui/confirm';
import { setMeta } from '../../src/local/db';
import { fakeToken } from './token';

/** The app's own route table (router.tsx), as main.tsx mounts it, at one URL. */
async function openApp(path: string, level?: number) {
  const data = createData(`app-${Math.random().toString(36).slice(2)}`);
  if (level) {
    localStorage.setItem(TOKEN_KEY, fakeToken(`user${level}`, level));
    await setMeta(data.db, 'session', { username: `user${level}`, permission: level });
  } else {
    localStorage.removeItem(TOKEN_KEY);
  }
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <ChakraProvider value={system}>
      <DataProvider data={data}>
        <ConfirmProvider>
          <RouterProvider router={router} />
        </ConfirmProvider>
      </DataProvider>
    </ChakraProvider>,
  );
  return router;
}

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
