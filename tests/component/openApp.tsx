import { ChakraProvider } from '@chakra-ui/react';
import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { createData, DataProvider } from '../../src/app/data/DataProvider';
import { routes } from '../../src/app/router';
import { TOKEN_KEY } from '../../src/app/session/session';
import { ConfirmProvider } from '../../src/app/ui/confirm';
import { system } from '../../src/app/ui/system';
import { setMeta } from '../../src/local/db';
import { fakeToken } from './token';

/** The app's own route table (router.tsx), as main.tsx mounts it, at one URL. */
export async function openApp(path: string, level?: number) {
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
