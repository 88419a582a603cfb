import 'fake-indexeddb/auto';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { FakeMediaQueryList } from './fakes';

// findBy/waitFor wait for the live queries of a real (fake-indexeddb) database: generous on two shared cores
configure({ asyncUtilTimeout: 15_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});

// jsdom lacks these; Chakra and the shell ask for them
window.matchMedia ??= (q: string) => new FakeMediaQueryList(q);
globalThis.ResizeObserver ??= class implements ResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
};
