import decodeHeif from 'heic-decode';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { MSG, fill } from '../domain/messages';
import { HttpError, badRequest } from './http/errors';

/**
 * What the server keeps of an uploaded photo. The client's filename and Content-Type are never trusted: the bytes
 * must open with the magic of a raster format the tablet camera or a screenshot makes (JPEG, PNG, WebP, AVIF, HEIC),
 * sharp must agree on the format and decode every pixel, and what is stored is sharp's re-encoding — no metadata
 * (GPS, camera serial), no trailing bytes (a PNG with HTML after IEND), nothing embedded. SVG, HTML, PDF and the like
 * are refused, so nothing the server hands back can run script in the app's origin.
 */

export interface KeptPhoto {
  full: Buffer;
  thumb: Buffer;
  mime: string;
}

type Raster = 'jpeg' | 'png' | 'webp' | 'heif';

/** Tablet cameras make up to 50 MP; anything above would take several hundred MB to decode. */
const MAX_MEGAPIXELS = 64;
const THUMB_PX = 256;

/** The formats a stored photo may be served as (an older row with anything else is sent as a download). */
export const PHOTO_MIMES: ReadonlySet<string> = new Set(['image/jpeg', 'image/png', 'image/webp']);

const startsWith = (b: Buffer, bytes: number[], at = 0) => bytes.every((x, i) => b[at + i] === x);
const ascii = (b: Buffer, from: number, to: number) => b.subarray(from, to).toString('latin1');

/** ISO-BMFF brands of still images: AVIF, and HEIC/HEIF as iPads and phones save them. */
const HEIF_BRANDS = new Set(['avif', 'avis', 'heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1']);

/** The format the first bytes say, or null for anything else (SVG, HTML, GIF, PDF, ...). */
export function sniffRaster(b: Buffer): Raster | null {
  if (startsWith(b, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP') return 'webp';
  if (ascii(b, 4, 8) === 'ftyp' && HEIF_BRANDS.has(ascii(b, 8, 12))) return 'heif';
  return null;
}

const refusedType = () => new HttpError(415, MSG.photoNotRaster);

/** Re-encodes into what browsers show: PNG stays PNG (screenshots, transparency), WebP stays WebP, the rest is JPEG. */
function encode(image: Sharp, format: Raster): { image: Sharp; mime: string } {
  if (format === 'png') return { image: image.png(), mime: 'image/png' };
  if (format === 'webp') return { image: image.webp({ quality: 85 }), mime: 'image/webp' };
  return { image: image.jpeg({ quality: 85 }), mime: 'image/jpeg' };
}

/** An HEVC-coded HEIC photo's pixels (libheif applies its rotation and mirroring), ready for sharp to re-encode. */
async function decodeHeic(bytes: Buffer): Promise<Sharp> {
  try {
    const { width, height, data } = await decodeHeif({ buffer: bytes });
    return sharp(Buffer.from(data.buffer, data.byteOffset, data.byteLength), { raw: { width, height, channels: 4 } });
  } catch {
    throw badRequest(MSG.photoDamaged);
  }
}

/**
 * The photo as the server keeps it, or an HttpError saying what to do: 415 for a file that is no photo, 400 for a
 * damaged or oversized one.
 */
export async function keepPhoto(bytes: Buffer): Promise<KeptPhoto> {
  const format = sniffRaster(bytes);
  if (!format) throw refusedType();
  const input = () => sharp(bytes, { failOn: 'truncated', limitInputPixels: MAX_MEGAPIXELS * 1_000_000 });
  let meta: Metadata;
  try {
    // the header only, without the pixel limit (which refuses before any size is read), so an oversized picture
    // hears its size below rather than 'damaged'; decoding then keeps the limit
    meta = await sharp(bytes, { failOn: 'truncated', limitInputPixels: false }).metadata();
  } catch {
    throw badRequest(MSG.photoDamaged);
  }
  // a file dressed as one format but read by sharp as another (an SVG behind a PNG signature, say) is refused
  if (meta.format !== format) throw refusedType();
  if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_MEGAPIXELS * 1_000_000)
    throw badRequest(fill(MSG.photoTooManyPixels, { max: MAX_MEGAPIXELS }));
  // sharp's libvips reads AVIF but not HEVC (HEIC, as iPads and phones save photos): libheif in WebAssembly decodes it
  const source = format === 'heif' && meta.compression !== 'av1' ? await decodeHeic(bytes) : input();
  try {
    // rotate() bakes in the EXIF orientation, which goes with the rest of the metadata
    const { image, mime } = encode(source.rotate(), format);
    const full = await image.toBuffer();
    const thumb = await sharp(full)
      .resize(THUMB_PX, THUMB_PX, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 78 })
      .toBuffer();
    return { full, thumb, mime };
  } catch {
    throw badRequest(MSG.photoDamaged);
  }
}

/**
 * Headers of a photo's bytes: the type the server encoded (anything else, from before uploads were checked, goes as a
 * download), a filename made from the id, no sniffing, and a policy under which even a hostile file opened on its
 * own can load nothing and run nothing.
 */
export function photoHeaders(id: string, size: 'full' | 'thumb', storedMime: string): Record<string, string> {
  const mime = size === 'thumb' ? 'image/webp' : storedMime;
  const safe = PHOTO_MIMES.has(mime);
  const ext = safe ? mime.slice('image/'.length).replace('jpeg', 'jpg') : 'bin';
  return {
    'Content-Type': safe ? mime : 'application/octet-stream',
    'Content-Disposition': `${safe ? 'inline' : 'attachment'}; filename="photo-${id}-${size}.${ext}"`,
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; sandbox",
    'Cache-Control': 'private, max-age=31536000, immutable',
  };
}

/** The logo's bounds: documents print it at most 40 mm wide, so 600 px is sharp enough on any printer. */
const LOGO_MAX_PX = { width: 600, height: 300 };

/**
 * The shop's logo as documents print it: checked exactly as a photo is (keepPhoto), then made a PNG no larger than
 * LOGO_MAX_PX — the format jsPDF draws on the server and in the browser alike, transparency kept.
 */
export async function keepLogo(bytes: Buffer): Promise<Buffer> {
  const { full } = await keepPhoto(bytes);
  return sharp(full)
    .resize({ ...LOGO_MAX_PX, fit: 'inside', withoutEnlargement: true })
    .png()
    .toBuffer();
}
