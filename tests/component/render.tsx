import { ChakraProvider } from '@chakra-ui/react';
import { system } from '../../src/app/ui/system';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { createData, DataProvider, type AppData } from '../../src/app/data/DataProvider';
import { TOKEN_KEY } from '../../src/app/session/session';
import { ConfirmProvider } from '../../src/app/ui/confirm';
import { setMeta } from '../../src/local/db';
import { fakeToken } from './token';
import { vi } from 'vitest';
import { fakeObjectUrls } from './fakes';

/** Shows where the screen navigated to, so a test can assert it: `screen.getByTestId('location')`. */
function Location() {
  const l = useLocation();
  return <div data-testid="location">{`${l.pathname}${l.search}`}</div>;
}

export interface ScreenOptions {
  level?: number;
  username?: string;
  /** the URL the screen is opened at (its query string is what the screen reads) */
  path?: string;
  /** the route pattern the screen is mounted at (defaults to the path without its query) */
  route?: string;
  /** an existing device database (two renders sharing one device) */
  data?: AppData;
}

/**
 * Renders one screen the way the app does: Chakra, the device's data (a fresh fake-indexeddb database, signed in,
 * with a device code so numbers can be taken offline), the confirm dialog and a router. Nothing talks to a server:
 * the engine is not started, so every write stays in the outbox, as on a tablet with the network off.
 */
export async function renderScreen(
  ui: ReactElement,
  opts: ScreenOptions = {},
): Promise<RenderResult & { data: AppData }> {
  const level = opts.level ?? 5;
  const username = opts.username ?? `user${level}`;
  const path = opts.path ?? '/';
  const data = opts.data ?? createData(`screen-${Math.random().toString(36).slice(2)}`);
  localStorage.setItem(TOKEN_KEY, fakeToken(username, level));
  await setMeta(data.db, 'session', { username, permission: level });
  await setMeta(data.db, 'deviceCode', 'T1');
  const route = opts.route ?? path.split('?')[0];
  const result = render(
    <ChakraProvider value={system}>
      <DataProvider data={data}>
        <ConfirmProvider>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path={route} element={ui} />
              <Route path="*" element={<div>elsewhere</div>} />
            </Routes>
            <Location />
          </MemoryRouter>
        </ConfirmProvider>
      </DataProvider>
    </ChakraProvider>,
  );
  return { ...result, data };
}

/** Catches the CSV a table saves: the text of every Blob made into a download, the file names clicked. */
export function catchCsv() {
  const urls = fakeObjectUrls('blob:csv');
  const made = urls.made;
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  return {
    files: () => click.mock.contexts.map((a) => (a as HTMLAnchorElement).download),
    blobs: () => made,
    texts: () => Promise.all(made.map((b) => b.text())),
    restore() {
      urls.restore();
      click.mockRestore();
    },
  };
}
