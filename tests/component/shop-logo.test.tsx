import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import Config from '../../src/app/admin/Config';
import { Toaster, toaster } from '../../src/app/feedback/toaster';
import { TOKEN_KEY } from '../../src/app/session/session';
import { MSG } from '../../src/domain/messages';
import { renderScreen } from './render';
import { fakeObjectUrls } from './fakes';

/**
 * Issue 15: the shop's logo control above the configuration sheet. It shows the logo documents print, and level 5
 * uploads or removes it at the server (tests/api/shop-logo.test.ts checks what the server keeps and refuses). The
 * network here is the server's answers as that test shows them: 204 without a logo, the PNG with one.
 */

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A server holding at most one logo; every request it got, with its method, path and headers. */
function server() {
  let logo: Uint8Array | null = null;
  const calls: { method: string; url: string; init?: RequestInit }[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    calls.push({ method, url, init });
    if (url !== '/api/shop-logo') return new Response(null, { status: 404 });
    if (method === 'POST') logo = PNG;
    if (method === 'DELETE') logo = null;
    if (method !== 'GET') return Response.json({ value: true });
    return logo
      ? new Response(Uint8Array.from(logo), { headers: { 'content-type': 'image/png' } })
      : new Response(null, { status: 204 });
  });
  return calls;
}

beforeEach(() => {
  fakeObjectUrls('blob:http://localhost/logo');
});
afterEach(() => {
  toaster.remove();
  vi.restoreAllMocks();
});

const open = (level: number) =>
  renderScreen(
    <>
      <Config />
      <Toaster />
    </>,
    { level, path: '/view-config' },
  );

describe('Configuration: the logo on documents (issue 15)', () => {
  it('level 5 uploads a picture with the session, sees it, and removes it after a confirm', async () => {
    const calls = server();
    await open(5);
    const box = await screen.findByTestId('shop-logo');
    expect(await within(box).findByText('No logo: documents print the shop name alone.')).toBeTruthy();
    const input = within(box).getByTestId('logo-input') as HTMLInputElement;
    expect(input.accept).toBe('image/*');
    fireEvent.change(input, { target: { files: [new File([PNG], 'logo.png', { type: 'image/png' })] } });
    expect(await screen.findByText('Logo uploaded')).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url).toBe('/api/shop-logo');
    expect(new Headers(post.init?.headers).get('authorization')).toBe(`Bearer ${localStorage.getItem(TOKEN_KEY)}`);
    expect((post.init?.body as FormData).get('myfile')).toBeTruthy();
    const img = (await within(box).findByAltText("The shop's logo")) as HTMLImageElement;
    expect(img.getAttribute('src')).toBe('blob:http://localhost/logo');

    fireEvent.click(within(box).getByRole('button', { name: 'Remove logo' }));
    fireEvent.click(within(await screen.findByTestId('confirm-dialog')).getByRole('button', { name: 'Remove' }));
    expect(await within(box).findByText('No logo: documents print the shop name alone.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/shop-logo')).toBe(true);
  });

  it('refuses on the device what the server would refuse (an SVG), sending nothing', async () => {
    const calls = server();
    await open(5);
    const input = (await screen.findByTestId('logo-input')) as HTMLInputElement;
    const svg = new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'logo.svg', { type: 'image/svg+xml' });
    fireEvent.change(input, { target: { files: [svg] } });
    expect(await screen.findByText(MSG.photoNotRaster)).toBeTruthy();
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('shows the logo below level 5, with nothing to change it', async () => {
    server();
    await open(4);
    const box = await screen.findByTestId('shop-logo');
    await within(box).findByText('No logo: documents print the shop name alone.');
    expect(within(box).queryByRole('button', { name: 'Upload logo' })).toBeNull();
    expect(within(box).queryByTestId('logo-input')).toBeNull();
  });
});
