import { MSG } from './messages';

/**
 * The device's first look at a chosen file, by the type the browser declares: a picture the server will keep (it
 * judges the bytes again, src/server/images.ts: JPEG, PNG, WebP, AVIF, HEIC) is queued; anything else is refused at once
 * with what to do, instead of waiting in the outbox for the server's refusal.
 */
const KEPT_TYPES: readonly string[] = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/avif',
  'image/heic',
  'image/heif',
];

/** null when the file may be queued, else the message to show. */
export function photoTypeRefusal(declaredType: string): string | null {
  if (KEPT_TYPES.includes(declaredType)) return null;
  return declaredType.startsWith('image/') ? MSG.photoNotRaster : MSG.imagesOnly;
}
