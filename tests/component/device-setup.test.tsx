import { BinaryBitmap, HybridBinarizer, QRCodeReader, RGBLuminanceSource } from '@zxing/library';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DeviceSetup } from '../../src/app/admin/DeviceSetup';
import { InsecureNotice } from '../../src/app/shell/InsecureNotice';
import { MSG } from '../../src/domain/messages';
import type { SetupAddress } from '../../src/domain/secureAddress';
import { renderScreen } from './render';

const ADDRESS: SetupAddress = { httpsPort: 3443, httpPort: 3000, setupPath: '/setup', tabletHost: '192.168.1.20' };

/** GET /api/v3/setup-address as the server answers it, or no answer at all (the link down). */
function serveAddress(address: SetupAddress | null) {
  const fetchStub = vi.fn(async (url: RequestInfo | URL) => {
    if (!address) throw new TypeError('Failed to fetch');
    expect(String(url)).toBe('/api/v3/setup-address');
    return new Response(JSON.stringify({ value: true, ...address }), {
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchStub);
  return fetchStub;
}

/** Reads the QR code the SVG draws, as a tablet's camera would: each module 4 px, decoded by zxing. */
function decodeQr(svg: SVGSVGElement): string {
  const count = Number(svg.getAttribute('viewBox')!.split(' ')[2]);
  const dark = new Set<string>();
  for (const [, x, y] of (svg.querySelector('path')!.getAttribute('d') ?? '').matchAll(/M(\d+) (\d+)/g))
    dark.add(`${x},${y}`);
  const scale = 4;
  const side = count * scale;
  const pixels = new Uint8ClampedArray(side * side);
  for (let py = 0; py < side; py++)
    for (let px = 0; px < side; px++)
      pixels[py * side + px] = dark.has(`${Math.floor(px / scale)},${Math.floor(py / scale)}`) ? 0 : 255;
  const bitmap = new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(pixels, side, side)));
  return new QRCodeReader().decode(bitmap).getText();
}

afterEach(() => vi.unstubAllGlobals());

describe('Set up a tablet, on the Configuration sheet (issue 30)', () => {
  it('shows the set-up page as a QR code a tablet reads, at the LAN address when this device uses localhost', async () => {
    serveAddress(ADDRESS);
    await renderScreen(<DeviceSetup />);
    await waitFor(() => expect(screen.getByTestId('setup-url').textContent).toBe('http://192.168.1.20:3000/setup'));
    expect(screen.getByTestId('secure-url').textContent).toBe('https://192.168.1.20:3443/');
    const qr = screen.getByRole('img', { name: 'QR code of the set-up page' });
    if (!(qr instanceof SVGSVGElement)) throw new Error('the QR code is not an SVG');
    expect(decodeQr(qr)).toBe('http://192.168.1.20:3000/setup');
  });

  it('says the address needs the link when the server cannot be reached', async () => {
    serveAddress(null);
    await renderScreen(<DeviceSetup />);
    await waitFor(() => expect(screen.getByTestId('device-setup').textContent).toContain('connect this device'));
    expect(screen.queryByRole('img')).toBeNull();
  });
});

describe('the warning at an address that will not work offline (issue 30)', () => {
  it('is shown at an insecure origin, with the secure address and the set-up page', async () => {
    vi.stubGlobal('isSecureContext', false);
    serveAddress(ADDRESS);
    await renderScreen(<InsecureNotice />);
    const notice = await screen.findByTestId('insecure-notice');
    expect(notice.textContent).toContain(MSG.insecureOrigin);
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Open the secure address' }).getAttribute('href')).toBe(
        'https://localhost:3443/',
      ),
    );
    expect(screen.getByRole('link', { name: 'Set up this device' }).getAttribute('href')).toBe(
      'http://192.168.1.20:3000/setup',
    );
    expect(notice.textContent).not.toContain(MSG.insecureOriginNoHttps);
  });

  it('is not shown at a secure origin, and asks the server nothing', async () => {
    vi.stubGlobal('isSecureContext', true);
    const asked = serveAddress(ADDRESS);
    await renderScreen(<InsecureNotice />);
    expect(screen.queryByTestId('insecure-notice')).toBeNull();
    expect(asked).not.toHaveBeenCalled();
  });
});
