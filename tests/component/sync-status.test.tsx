import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SyncStatus } from '../../src/app/shell/SyncStatus';
import { renderScreen } from './render';

const CUSTOMER = { VIN: '1HGCM82633A004352', 'Registration Number': 'PBX 1', 'First name': 'Kim', 'Last name': 'Lee', 'Contact number': '8765550101', Email: '' };

describe('the sync status in the shell', () => {
  it('counts the outbox live and never claims "All changes on the server" before counting', async () => {
    const { data } = await renderScreen(<SyncStatus />);
    const count = screen.getByTestId('waiting-count');
    // before the device's outbox has been read, it says so
    expect(count.textContent).toBe('Counting changes…');
    await expect.poll(() => count.textContent).toBe('All changes on the server');
    await data.repos.customers.add(CUSTOMER);
    await expect.poll(() => count.textContent).toBe('1 change not yet on the server');
    await data.db.outbox.clear();
    await expect.poll(() => count.textContent).toBe('All changes on the server');
  });
});
