import { describe, expect, it } from 'vitest';
import { API_ROUTES } from '../../src/domain/apiRoutes';
import {
  DEFAULT_TIME_ZONE,
  checkReportRange,
  parseBooking,
  shopTimeZone,
  startOfShopDay,
} from '../../src/domain/dates';
import { formatJMD, formatUSD, toCents } from '../../src/domain/money';
import { ACTIONS, can } from '../../src/domain/permissions';
import { SCREEN_ROUTES, canSee, homeScreen, menuRoutes } from '../../src/domain/routes';
import { decodeVin, vinCheckDigit } from '../../src/domain/vin';

describe('money', () => {
  it('keeps cents exact', () => {
    expect(toCents(1.005)).toBe(101);
    expect(toCents('1,234.50')).toBe(123450);
    expect(toCents(-2.5)).toBe(-250);
    expect(() => toCents(Number.NaN)).toThrow();
    expect(formatUSD(123450)).toBe('$1,234.50');
    expect(formatUSD(-100)).toBe('-$1.00');
    expect(formatJMD(200000)).toBe('J$2,000.00');
  });
});

describe('VIN (ISO 3779)', () => {
  it.each(['1M8GDM9AXKP042788', '11111111111111111', '1HGCM82633A004352'])('accepts the check digit of %s', (vin) => {
    expect(decodeVin(vin).checkDigitOk).toBe(true);
  });
  it('flags a mistyped VIN without blocking it', () => {
    const info = decodeVin('1HGCM82633A004353');
    expect(info).toMatchObject({ valid17: true, checkDigitOk: false, maker: 'Honda' });
  });
  it('decodes the model year and maker', () => {
    expect(decodeVin('1HGCM82633A004352', new Date('2026-01-01'))).toMatchObject({ year: 2003, maker: 'Honda' });
    expect(decodeVin('JTDKN3DU0A0123456', new Date('2026-01-01')).year).toBe(2010);
    expect(vinCheckDigit('SHORT')).toBeNull();
    expect(decodeVin('ABC').valid17).toBe(false);
  });
});

describe('dates in the shop time zone', () => {
  it("takes the config sheet's zone only when it is a real one", () => {
    expect(shopTimeZone(' America/New_York ')).toBe('America/New_York');
    for (const bad of ['', 'Mars/Olympus', undefined, 42, null]) expect(shopTimeZone(bad)).toBe(DEFAULT_TIME_ZONE);
  });
  it('reads a booking as Jamaica time', () => {
    expect(parseBooking('2026-12-01 09:30')).toBe('2026-12-01T14:30:00.000Z');
    expect(parseBooking('2026-13-01 09:30')).toBeNull();
    expect(parseBooking('tomorrow')).toBeNull();
  });
  it("starts the shop's day at local midnight", () => {
    expect(startOfShopDay(new Date('2026-11-22T03:00:00Z')).toISOString()).toBe('2026-11-21T05:00:00.000Z');
  });
  it('checks report ranges', () => {
    expect(checkReportRange('2026-01-01', '2026-12-31')).toEqual({ ok: true });
  });
});

describe('route table and menus (SPEC §2, §6)', () => {
  it('has every SPEC route', () => {
    const paths = SCREEN_ROUTES.map((r) => r.path);
    for (const p of [
      '/',
      '/make-request',
      '/dash',
      '/view-calendar',
      '/add-customer',
      '/view-customers',
      '/add-product',
      '/view-products',
      '/view-request',
      '/report',
      '/generate-invoice',
      '/view-invoices',
      '/view-estimate',
      '/products',
      '/make-sale',
      '/view-estimates',
      '/view-invoice',
      '/transactions',
      '/view-suppliers',
      '/view-team',
      '/view-sys-log',
      '/view-inventory-log',
      '/view-config',
    ]) {
      expect(paths).toContain(p);
    }
  });
  it('follows the menu rules that differ from the route table', () => {
    const menuAt = (level: number) => menuRoutes(level).map((r) => r.path);
    expect(menuAt(2)).not.toContain('/make-request');
    expect(menuAt(3)).toContain('/make-request');
    expect(menuAt(2)).not.toContain('/view-calendar');
    expect(menuAt(3)).toContain('/view-calendar');
    expect(menuAt(4)).not.toContain('/report');
    expect(menuAt(5)).toContain('/report');
    expect(menuAt(3)).not.toContain('/view-invoices');
    expect(menuAt(4)).toContain('/view-invoices');
    expect(menuAt(1)).not.toContain('/add-customer');
    expect(menuAt(2)).toContain('/add-customer');
  });
  it('guards routes by level and picks the home screen', () => {
    expect(canSee('/view-team', 4)).toBe(false);
    expect(canSee('/view-team', 5)).toBe(true);
    expect(canSee('/view-invoice/', 4)).toBe(true);
    expect(homeScreen(2)).toBe('request');
    expect(homeScreen(3)).toBe('dashboard');
  });
  it('knows every action an API route names', () => {
    for (const r of API_ROUTES) if (r.action) expect(ACTIONS[r.action], r.path).toBeGreaterThanOrEqual(1);
    expect(can('transaction.view', 4)).toBe(false);
    expect(can('transaction.view', 5)).toBe(true);
    expect(can('dash.view', null)).toBe(false);
  });
});
