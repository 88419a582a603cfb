import { describe, expect, it } from 'vitest';
import { MSG } from '../../src/domain/messages';
import { cameraProblem, chooseReader, scannedValue, SCAN_FORMATS } from '../../src/domain/scan';

describe('scan instead of typing: what a field accepts (issue 18)', () => {
  it('a product field looks for the labels BayBook prints and makers EANs, a VIN field for Code 39 only', () => {
    expect(SCAN_FORMATS.product).toEqual(['code_128', 'ean_13', 'ean_8']);
    expect(SCAN_FORMATS.vin).toEqual(['code_39']);
  });

  it('a product read is its text, without control characters around it', () => {
    expect(scannedValue('product', 'BB-000123')).toEqual({ ok: true, value: 'BB-000123' });
    expect(scannedValue('product', ' 5012345678900\r\n')).toEqual({ ok: true, value: '5012345678900' });
    expect(scannedValue('product', '\u001d')).toEqual({ ok: false, message: MSG.scanEmpty });
  });

  it('a VIN read is normalised as a typed VIN: capitals, no spaces, no Code 39 stars, no import I', () => {
    expect(scannedValue('vin', '1hgcm82633a004352')).toEqual({ ok: true, value: '1HGCM82633A004352' });
    expect(scannedValue('vin', '*1HGCM82633A004352*')).toEqual({ ok: true, value: '1HGCM82633A004352' });
    expect(scannedValue('vin', 'I1HGCM82633A004352')).toEqual({ ok: true, value: '1HGCM82633A004352' });
    expect(scannedValue('vin', '1HG CM826 33A004352')).toEqual({ ok: true, value: '1HGCM82633A004352' });
    // an older vehicle's shorter VIN goes to the field, whose hint and schema judge it as a typed one
    expect(scannedValue('vin', 'WDB1230')).toEqual({ ok: true, value: 'WDB1230' });
  });

  it('a read that cannot be a VIN is refused with what to do', () => {
    const long = scannedValue('vin', '1HGCM82633A0043521234');
    expect(long).toEqual({ ok: false, message: MSG.scanNotVin.replace('{value}', '1HGCM82633A0043521234') });
    expect(scannedValue('vin', 'AB-12/3').ok).toBe(false);
    expect(scannedValue('vin', '  ')).toEqual({ ok: false, message: MSG.scanEmpty });
  });
});

describe('which reader runs', () => {
  it('the browser detector only when it reads every format of the field', () => {
    expect(chooseReader('product', ['qr_code', 'code_128', 'ean_13', 'ean_8', 'code_39'])).toBe('native');
    expect(chooseReader('vin', ['code_39'])).toBe('native');
    expect(chooseReader('product', ['qr_code', 'code_128'])).toBe('fallback');
    expect(chooseReader('vin', ['qr_code'])).toBe('fallback');
    expect(chooseReader('product', [])).toBe('fallback');
    expect(chooseReader('product', null)).toBe('fallback');
  });
});

describe('a camera that does not start says what happened and what to do', () => {
  it.each([
    ['NotAllowedError', MSG.scanRefused],
    ['SecurityError', MSG.scanRefused],
    ['NotFoundError', MSG.scanNoCamera],
    ['OverconstrainedError', MSG.scanNoCamera],
    ['none', MSG.scanNoCamera],
    ['NotReadableError', MSG.scanBusy],
    ['insecure', MSG.scanInsecure],
  ])('%s', (name, message) => {
    expect(cameraProblem(name)).toBe(message);
  });

  it('anything else names the browser reason', () => {
    expect(cameraProblem('TypeError', 'bad constraints')).toBe(
      'The camera could not be started (bad constraints). Press Scan again, or type the code.',
    );
  });
});
