import { vi } from 'vitest';

/**
 * jsdom has no object URLs: stands typed mocks in for URL.createObjectURL and revokeObjectURL. `given` keeps every
 * object made into a URL, `made` those that are Blobs to read (fake-indexeddb gives a photo kept on the device back as
 * a bare object, so it is counted but not read). `url` is the URL each gets: one for all, or one of how many were
 * given so far (distinct URLs). They are assigned, not spied (jsdom has nothing to spy on), so vi.restoreAllMocks
 * leaves them: `restore()` puts back what was there.
 */
export function fakeObjectUrls(url: string | ((given: number) => string) = 'blob:test') {
  const given: (Blob | MediaSource)[] = [];
  const made: Blob[] = [];
  const saved = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
  const create = vi.fn<typeof URL.createObjectURL>((obj) => {
    given.push(obj);
    if ('size' in obj) made.push(obj);
    return typeof url === 'string' ? url : url(given.length);
  });
  URL.createObjectURL = create;
  URL.revokeObjectURL = vi.fn<typeof URL.revokeObjectURL>();
  return {
    given,
    made,
    create,
    restore() {
      URL.createObjectURL = saved.create;
      URL.revokeObjectURL = saved.revoke;
    },
  };
}

/**
 * Catches a document the device builds and opens in a new tab (a PDF): the Blobs made into URLs, and window.open's
 * spy (it answers this window, so the tab counts as opened and no download is saved instead).
 */
export function catchOpened(url = 'blob:doc') {
  const { made } = fakeObjectUrls(url);
  const open = vi.spyOn(window, 'open').mockReturnValue(window);
  return { made, open };
}

/**
 * A media query list, which jsdom lacks: `matches` as given; `change(matches)` tells its listeners (an event with
 * `matches`, as a browser's MediaQueryListEvent has) that the query now matches or not.
 */
export class FakeMediaQueryList extends EventTarget implements MediaQueryList {
  onchange: MediaQueryList['onchange'] = null;
  constructor(
    readonly media: string,
    public matches = false,
  ) {
    super();
  }
  addListener(): void {}
  removeListener(): void {}
  change(matches: boolean): void {
    this.matches = matches;
    this.dispatchEvent(Object.assign(new Event('change'), { matches }));
  }
}
