// deep imports: the 1D readers only (the package's index brings QR, Data Matrix, Aztec and PDF417 readers along)
import { HTMLCanvasElementLuminanceSource } from '@zxing/library/esm/browser/HTMLCanvasElementLuminanceSource';
import BarcodeFormat from '@zxing/library/esm/core/BarcodeFormat';
import BinaryBitmap from '@zxing/library/esm/core/BinaryBitmap';
import HybridBinarizer from '@zxing/library/esm/core/common/HybridBinarizer';
import DecodeHintType from '@zxing/library/esm/core/DecodeHintType';
import MultiFormatOneDReader from '@zxing/library/esm/core/oned/MultiFormatOneDReader';
import type { ScanFormat } from '../../domain/scan';
import type { FrameReader } from './frameReader';

const FORMATS: Record<ScanFormat, BarcodeFormat> = {
  code_128: BarcodeFormat.CODE_128,
  ean_13: BarcodeFormat.EAN_13,
  ean_8: BarcodeFormat.EAN_8,
  code_39: BarcodeFormat.CODE_39,
};

/**
 * The fallback reader where the browser has no BarcodeDetector for the formats: zxing's JS port, loaded only through
 * this module's import() (readers.ts). Each frame is drawn on a canvas and decoded for the field's formats only.
 */
export function zxingReader(formats: readonly ScanFormat[]): FrameReader {
  const hints = new Map<DecodeHintType, unknown>([
    [DecodeHintType.POSSIBLE_FORMATS, formats.map((f) => FORMATS[f])],
    [DecodeHintType.TRY_HARDER, true],
  ]);
  const reader = new MultiFormatOneDReader(hints);
  const canvas = document.createElement('canvas');
  return {
    read(video) {
      const { videoWidth: w, videoHeight: h } = video;
      if (!w || !h) return Promise.resolve(null);
      canvas.width = w;
      canvas.height = h;
      const context = canvas.getContext('2d', { willReadFrequently: true });
      if (!context) return Promise.resolve(null);
      context.drawImage(video, 0, 0, w, h);
      try {
        const bitmap = new BinaryBitmap(new HybridBinarizer(new HTMLCanvasElementLuminanceSource(canvas)));
        return Promise.resolve(reader.decode(bitmap, hints).getText());
      } catch {
        // NotFound, Checksum or Format: no whole barcode in this frame, the usual answer while aiming
        return Promise.resolve(null);
      } finally {
        reader.reset();
      }
    },
  };
}
