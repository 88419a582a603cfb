import { useEffect, useState, type ChangeEvent } from 'react';
import { MSG } from '../../domain/messages';
import { photoTypeRefusal } from '../../domain/photos';
import { checkPhotoSize } from '../../domain/schemas';
import type { Row } from '../../local/db';
import { notify, notifyError } from '../feedback/toaster';
import { fetchPhoto } from '../../sync/photos';
import { currentUser } from '../session/session';
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

const fetchServerPhoto = (url: string) => fetchPhoto(url, currentUser()?.token);

/** Shows a photo's full size in a new tab, through an object URL (the tab is opened at once, so no popup blocker). */
async function openPhoto(load: () => Promise<Blob | null>): Promise<void> {
  const tab = window.open('', '_blank');
  const blob = await load();
  if (!blob) {
    tab?.close();
    notifyError(MSG.photoUnavailable);
    return;
  }
  const url = URL.createObjectURL(blob);
  if (tab) tab.location.href = url;
  // the new tab has loaded it by then; the URL is not needed after
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export interface PhotoView {
  /** an object URL of the thumbnail (or of the photo taken on this device); null while loading or unavailable */
  thumb: string | null;
  /** true when the bytes could not be had (offline, or refused) */
  unavailable: boolean;
  /** open the full-size photo in a new tab */
  openFull: () => void;
}

/**
 * How a photo is shown: a server photo's thumbnail fetched with the token (src/sync/photos.ts), a photo taken offline
 * from its stored bytes; either through an object URL, revoked when the photo leaves the screen.
 */
export function usePhotoUrl(photo: Row | undefined, localPhoto: PhotoCalls['localPhoto']): PhotoView {
  const src = String(photo?.src ?? '');
  const thumbSrc = String(photo?.thumbnail || src);
  const local = src.startsWith('blob:');
  const [view, setView] = useState<{ url: string | null; failed: boolean }>({ url: null, failed: false });
  useEffect(() => {
    if (!thumbSrc) return;
    let url: string | null = null;
    let live = true;
    void (local ? localPhoto(src) : fetchServerPhoto(thumbSrc)).then((blob) => {
      if (!live) return;
      url = blob ? URL.createObjectURL(blob) : null;
      setView({ url, failed: !blob });
    });
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [localPhoto, src, thumbSrc, local]);
  const openFull = () => void openPhoto(() => (local ? localPhoto(src) : fetchServerPhoto(src)));
  return { thumb: photo ? view.url : null, unavailable: view.failed, openFull };
}

/**
 * Add Photo / Take Photo (several files at once) and the per-photo delete with a confirm: anything not a picture the
 * server keeps is refused (photoTypeRefusal), over 10 MB with 'File size should be less than 10MB' (SPEC §5).
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
      const refusal = photoTypeRefusal(file.type);
      if (refusal) {
        notifyError(refusal);
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
    act({
      title: 'Delete photo',
      message: `Delete photo ${index + 1}?`,
      confirmLabel: 'Delete',
      danger: true,
      run: () => calls.remove(photo.id),
      done: 'Photo deleted',
    });

  return { busy, upload, remove };
}
