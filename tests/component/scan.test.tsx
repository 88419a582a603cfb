import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import AddCustomer from '../../src/app/customers/AddCustomer';
import type { AppData } from '../../src/app/data/DataProvider';
import Inventory from '../../src/app/inventory/Inventory';
import MakeRequest from '../../src/app/jobs/MakeRequest';
import MakeSale from '../../src/app/sales/MakeSale';
import { ScanContext, type ScanDevices } from '../../src/app/scan/camera';
import { fill, MSG } from '../../src/domain/messages';
import { renderScreen } from './render';

/**
 * The camera and the frame reader injected (ScanContext): `reads` are what successive frames hold (null: no
 * barcode in that frame); `refuse` makes the camera fail as getUserMedia does, with a DOMException's name.
 */
function fakeDevices(reads: (string | null)[], refuse?: string) {
  const seen = { started: 0, stopped: 0, frames: 0 };
  const devices: ScanDevices = {
    startCamera: () => {
      if (refuse) return Promise.reject(new DOMException('camera', refuse));
      seen.started += 1;
      return Promise.resolve(() => {
        seen.stopped += 1;
      });
    },
    createReader: () =>
      Promise.resolve({
        read: () => {
          seen.frames += 1;
          return Promise.resolve(reads.length ? (reads.shift() ?? null) : null);
        },
      }),
  };
  return { devices, seen };
}

const withCamera = (devices: ScanDevices, ui: ReactElement) => (
  <ScanContext.Provider value={devices}>{ui}</ScanContext.Provider>
);

const product = (data: AppData, title: string, barcode: string) =>
  data.repos.products.add({ title, description: `${title} description`, price: 1500, stock: 5, low_stock: 1, barcode });

const quickSale = (devices: ScanDevices) =>
  renderScreen(withCamera(devices, <MakeSale />), { level: 5, path: '/make-sale?id=default', route: '/make-sale' });

describe('Scan instead of typing (issue 18): the product search', () => {
  it('Quick Sale: the camera read fills the search as typing would, the dialog closes and the camera stops', async () => {
    const { devices, seen } = fakeDevices([null, null, '5012345678900']);
    const { data } = await quickSale(devices);
    await product(data, 'Wiper blade', '5012345678900');
    const scan = await screen.findByRole('button', { name: 'Scan a barcode' });
    fireEvent.click(scan);
    expect(await screen.findByTestId('scan-dialog')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('scan-dialog')).toBeNull());
    expect(seen).toEqual({ started: 1, stopped: 1, frames: 3 });
    expect((screen.getByLabelText('Search products') as HTMLInputElement).value).toBe('5012345678900');
    fireEvent.click(await screen.findByRole('button', { name: 'Add Wiper blade' }));
    expect(await screen.findByLabelText('Quantity of Wiper blade')).toBeTruthy();
  });

  it('a keyboard scanner (the code typed, then Enter) finds the product and saves nothing', async () => {
    const { devices } = fakeDevices([]);
    const { data } = await quickSale(devices);
    await product(data, 'Brake pad', 'BB-000777');
    const queued = await data.db.outbox.count();
    const input = await screen.findByLabelText('Search products');
    for (let i = 1; i <= 'BB-000777'.length; i++) {
      fireEvent.change(input, { target: { value: 'BB-000777'.slice(0, i) } });
    }
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(await screen.findByRole('button', { name: 'Add Brake pad' })).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/make-sale?id=default');
    expect(await data.db.outbox.count()).toBe(queued);
  });

  it('a camera refused says what happened and what to do; Type instead closes it', async () => {
    const { devices } = fakeDevices([], 'NotAllowedError');
    await quickSale(devices);
    fireEvent.click(await screen.findByRole('button', { name: 'Scan a barcode' }));
    expect((await screen.findByTestId('scan-problem')).textContent).toContain(MSG.scanRefused);
    fireEvent.click(screen.getByRole('button', { name: 'Type instead' }));
    await waitFor(() => expect(screen.queryByTestId('scan-dialog')).toBeNull());
  });

  it('no camera on the device says so', async () => {
    const { devices } = fakeDevices([], 'NotFoundError');
    await quickSale(devices);
    fireEvent.click(await screen.findByRole('button', { name: 'Scan a barcode' }));
    expect((await screen.findByTestId('scan-problem')).textContent).toContain(MSG.scanNoCamera);
  });

  it('Receive: a scanned 13-digit code is looked up at once and chosen; a scanner Enter goes on to the amount', async () => {
    const { devices } = fakeDevices(['4006381333931']);
    const { data } = await renderScreen(withCamera(devices, <Inventory />), { level: 5, path: '/products' });
    await product(data, 'Spark plug', '4006381333931');
    fireEvent.click(await screen.findByRole('button', { name: 'Receive Inventory' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Scan a barcode' }));
    const panel = await screen.findByTestId('receive-product');
    expect(within(panel).getByText('Spark plug')).toBeTruthy();
    const search = screen.getByLabelText('Search product') as HTMLInputElement;
    expect(search.value).toBe('4006381333931');
    fireEvent.keyDown(search, { key: 'Enter' });
    expect(document.activeElement).toBe(screen.getByLabelText(/Amount received/));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('the Scan buttons are at least 44 px for a finger', async () => {
    await quickSale(fakeDevices([]).devices);
    const scan = await screen.findByRole('button', { name: 'Scan a barcode' });
    const style = getComputedStyle(scan);
    expect(style.minHeight).toBe('44px');
    expect(style.minWidth).toBe('44px');
  });
});

describe('Scan instead of typing: the VIN', () => {
  it('Add Customer: a Code 39 VIN label with its import I fills the VIN as typed, and its check runs', async () => {
    const { devices } = fakeDevices(['I1hgcm82633a004352']);
    await renderScreen(withCamera(devices, <AddCustomer />), { level: 2, path: '/add-customer' });
    fireEvent.click(await screen.findByRole('button', { name: 'Scan the VIN' }));
    await waitFor(() => expect((screen.getByLabelText(/^VIN/) as HTMLInputElement).value).toBe('1HGCM82633A004352'));
    expect((await screen.findByTestId('vin-hint')).textContent).toMatch(/Honda|check digit/i);
  });

  it('Make Service Request: a read that is not a VIN is refused in words, scanning goes on, and the VIN read is looked up', async () => {
    const { devices } = fakeDevices(['NOT/A-VIN', '1HGCM82633A004352']);
    await renderScreen(withCamera(devices, <MakeRequest />), { level: 3, path: '/make-request' });
    fireEvent.click(await screen.findByRole('button', { name: 'Scan the VIN' }));
    expect((await screen.findByTestId('scan-refused')).textContent).toBe(fill(MSG.scanNotVin, { value: 'NOT/A-VIN' }));
    await waitFor(() => expect(screen.queryByTestId('scan-dialog')).toBeNull());
    expect((screen.getByLabelText('VIN or registration') as HTMLInputElement).value).toBe('1HGCM82633A004352');
    // looked up at once, without Find: this device holds no such customer
    expect(await screen.findByText(MSG.customerNotFoundRetry)).toBeTruthy();
  });

  it("Make Service Request's new customer: the read VIN fills the VIN field of the form", async () => {
    const { devices } = fakeDevices(['1hgcm82633a004352']);
    await renderScreen(withCamera(devices, <MakeRequest />), { level: 3, path: '/make-request' });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'New customer' }));
    await screen.findByLabelText('First name');
    fireEvent.click(screen.getByRole('button', { name: 'Scan the VIN' }));
    await waitFor(() => expect(screen.queryByTestId('scan-dialog')).toBeNull());
    await waitFor(() => expect((screen.getByLabelText(/^VIN/) as HTMLInputElement).value).toBe('1HGCM82633A004352'));
  });
});

describe('Scan with the browser itself (no camera injected)', () => {
  it.each([
    [false, MSG.scanInsecure],
    [true, MSG.scanNoCamera],
  ])('without navigator.mediaDevices, secure context %s: says so', async (secure, message) => {
    // jsdom has no mediaDevices, as a page over plain http on another machine, or a browser without a camera API
    vi.stubGlobal('isSecureContext', secure);
    try {
      await renderScreen(<MakeSale />, { level: 5, path: '/make-sale?id=default', route: '/make-sale' });
      fireEvent.click(await screen.findByRole('button', { name: 'Scan a barcode' }));
      expect((await screen.findByTestId('scan-problem')).textContent).toContain(message);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
