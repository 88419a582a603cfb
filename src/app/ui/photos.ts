import { useEffect, useState, type ChangeEvent } from 'react';
import { MSG } from '../../domain/messages';
import { checkPhotoSize } from '../../domain/schemas';
import type { Row } from '../../local/db';
import { notify, notifyError } from '../feedback/toaster';
import { useConfirmedAction } from './confirm';

/**
 * The one photo logic of the galleries (job Gallery, product Edit dialog), parameterised by the owner's repository
 * calls. A photo taken on this device is kept as a blob until the outbox sends it ('blob:<id>', shown "Not uploaded yet").
 */
export interface PhotoCalls {
  /** the stored bytes of a 'blob:<id>' photo */
  localPhoto: (src: string) => Promise<Blob | null>;
  add: (file: Blob, name: string) => Promise<unknown>;
  remove: (id: string) => Promise<unknown>;
}

export const isPendingPhoto = (photo: Row | undefined) => String(photo?.src ?? '').startsWith('blob:');

/**
 * The URLs to show a photo with: a server photo's thumbnail (or src) and src; a photo taken offline through an object
 * URL of its stored bytes, revoked when the photo leaves the screen.
 */
export function usePhotoUrl(photo: Row | undefined, localPhoto: PhotoCalls['localPhoto']): { thumb: string | null; full: string | null } {
  const src = String(photo?.src ?? '');
  const local = src.startsWith('blob:');
  const [objectUrl, setObjectUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!local) return;
    let url: string | null = null;
    let live = true;
    void localPhoto(src).then((blob) => {
      if (!live || !blob) return;
      url = URL.createObjectURL(blob);
      setObjectUrl(url);
    });
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [localPhoto, src, local]);
  if (!photo) return { thumb: null, full: null };
  if (local) return { thumb: objectUrl, full: objectUrl };
  const thumb = String(photo.thumbnail || photo.src || '') || null;
  return { thumb, full: src || thumb };
}

/**
 * Add Photo / Take Photo (several files at once) and the per-photo delete with a confirm: anything not an image is
 * refused with MSG.imagesOnly, over 10 MB with 'File size should be less than 10MB' (SPEC §5).
 */
export function usePhotoGallery(calls: Pick<PhotoCalls, 'add' | 'remove'>) {
  const act = useConfirmedAction();
  const [busy, setBusy] = useState(false);

  const upload = async (e: ChangeEvent<HTMLInputElement>) => {
    const input = e.currentTarget;
    const chosen = [...(input.files ?? [])];
    input.value = '';
    setBusy(true);
    let added = 0;
    for (const file of chosen) {
      if (!file.type.startsWith('image/')) {
        notifyError(MSG.imagesOnly);
        continue;
      }
      const size = checkPhotoSize(file.size);
      if (!size.ok) {
        notifyError(size.message);
        continue;
      }
      try {
        await calls.add(file, file.name || 'photo.jpg');
        added++;
      } catch (err) {
        notifyError(err);
      }
    }
    setBusy(false);
    if (added) notify(added === 1 ? 'Photo added' : `${added} photos added`);
  };

  const remove = (photo: Row, index: number) =>
    act({ title: 'Delete photo', message: `Delete photo ${index + 1}?`, confirmLabel: 'Delete', danger: true, run: () => calls.remove(photo.id), done: 'Photo deleted' });

  return { busy, upload, remove };
}
