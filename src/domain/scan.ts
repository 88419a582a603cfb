import { fill, MSG } from './messages';
import { LIMITS } from './schemas/fields';
import { normaliseVin } from './vin';

/**
 * Scan instead of typing (issue 18): which barcodes a field accepts, what a read becomes in the field, which reader
 * runs and what a camera failure tells the user. The screens and src/app/scan only carry these out.
 */

/** What a field holds: a product code (the labels BayBook prints, and makers' EAN codes) or a vehicle's VIN. */
export type ScanKind = 'product' | 'vin';

/** Format names as the browser's BarcodeDetector spells them (the fallback reader maps them to its own). */
export type ScanFormat = 'code_128' | 'ean_13' | 'ean_8' | 'code_39';

/**
 * A product label is Code 128 (jsbarcode's CODE128, what Receive prints) or a maker's EAN-13/EAN-8; a VIN label on the
 * door jamb or windscreen is Code 39. Only these are looked for, so a product code is never read as a VIN.
 */
export const SCAN_FORMATS: Readonly<Record<ScanKind, readonly ScanFormat[]>> = {
  product: ['code_128', 'ean_13', 'ean_8'],
  vin: ['code_39'],
};

export type ScanRead = { ok: true; value: string } | { ok: false; message: string };

/** ASCII control characters (a GS1 label's group separator, a scanner's CR/LF): never part of a code. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is matched
const CONTROL = /[\u0000-\u001f\u007f]/g;

/**
 * What a read puts in the field. A product code is the text between any control characters, trimmed. A VIN is
 * normalised as typing one is (the domain's normaliseVin: capitals, no spaces), Code 39's start/stop '*' dropped and
 * the leading 'I' (import) some VIN labels carry before the 17 characters dropped; the field's own checks (the VIN hint,
 * the form's schema) then run on it as on a typed VIN. A read that cannot be a VIN is refused with what to do.
 */
export function scannedValue(kind: ScanKind, raw: string): ScanRead {
  const text = raw.replace(CONTROL, ' ').trim();
  if (!text) return { ok: false, message: MSG.scanEmpty };
  if (kind === 'product') return { ok: true, value: text };
  let vin = normaliseVin(text.replace(/\*/g, ''));
  if (vin.length === LIMITS.vin + 1 && vin.startsWith('I')) vin = vin.slice(1);
  return /^[A-Z0-9]+$/.test(vin) && vin.length <= LIMITS.vin
    ? { ok: true, value: vin }
    : { ok: false, message: fill(MSG.scanNotVin, { value: text }) };
}

export type ReaderChoice = 'native' | 'fallback';

/**
 * The browser's BarcodeDetector when it reads every format the field needs (`supported`: its
 * getSupportedFormats(), null when there is none), else the bundled reader: Chrome on a desktop without a platform
 * detector, Firefox and Safari before 17 have none, and some list only QR codes.
 */
export function chooseReader(kind: ScanKind, supported: readonly string[] | null): ReaderChoice {
  return supported && SCAN_FORMATS[kind].every((f) => supported.includes(f)) ? 'native' : 'fallback';
}

/**
 * What a failure to open the camera tells the user: the DOMException's name from getUserMedia, or 'insecure' when
 * the page is not a secure context (no navigator.mediaDevices at all), or 'none' when the device lists no camera.
 */
export function cameraProblem(name: string, reason = name): string {
  switch (name) {
    case 'none':
    case 'NotFoundError':
    case 'OverconstrainedError':
      return MSG.scanNoCamera;
    case 'NotAllowedError':
    case 'SecurityError':
    case 'PermissionDeniedError':
      return MSG.scanRefused;
    case 'NotReadableError':
    case 'AbortError':
      return MSG.scanBusy;
    case 'insecure':
      return MSG.scanInsecure;
    default:
      return fill(MSG.scanFailed, { reason });
  }
}
