import { chooseReader, SCAN_FORMATS, type ScanKind } from '../../domain/scan';
import type { FrameReader } from './frameReader';

/** The part of the browser's BarcodeDetector used here (not yet in TypeScript's DOM types). */
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats(): Promise<string[]>;
}

function nativeDetector(): BarcodeDetectorClass | undefined {
  return (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
}

/** The formats the browser's detector reads, null when it has none (or it fails to say). */
async function nativeFormats(): Promise<string[] | null> {
  const Detector = nativeDetector();
  if (!Detector) return null;
  try {
    return await Detector.getSupportedFormats();
  } catch {
    return null;
  }
}

/**
 * The reader for a field (the domain's chooseReader): the browser's BarcodeDetector where it reads the field's
 * formats, else zxing's JS reader — a lazy chunk the service worker precaches, so it works offline and never weighs
 * on the first load.
 */
export async function createReader(kind: ScanKind): Promise<FrameReader> {
  const formats = [...SCAN_FORMATS[kind]];
  const Detector = nativeDetector();
  if (Detector && chooseReader(kind, await nativeFormats()) === 'native') {
    const detector = new Detector({ formats });
    return {
      async read(video) {
        const found = await detector.detect(video);
        return found[0]?.rawValue ?? null;
      },
    };
  }
  const { zxingReader } = await import('./zxingReader');
  return zxingReader(formats);
}
