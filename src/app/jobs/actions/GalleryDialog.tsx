import { Badge, Box, Button, CloseButton, Dialog, Flex, Image, Portal, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { displayJobNumber } from '../../../domain/jobs';
import { MSG } from '../../../domain/messages';
import { can } from '../../../domain/permissions';
import { checkPhotoSize } from '../../../domain/schemas';
import type { JobRow, Row } from '../../../local/db';
import { useRepos } from '../../data/DataProvider';
import { notify, notifyError } from '../../feedback/toaster';
import { useConfirm } from '../../ui/confirm';

/**
 * The URL to show a photo with: a server photo's thumbnail (or src); a photo taken offline ('blob:<id>') through an
 * object URL of its stored bytes, revoked when the photo leaves the screen.
 */
function usePhotoUrl(photo: Row): { thumb: string | null; full: string | null } {
  const repos = useRepos();
  const src = String(photo.src ?? '');
  const local = src.startsWith('blob:');
  const [objectUrl, setObjectUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!local) return;
    let url: string | null = null;
    let live = true;
    void repos.jobs.localPhoto(src).then((blob) => {
      if (!live || !blob) return;
      url = URL.createObjectURL(blob);
      setObjectUrl(url);
    });
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [repos, src, local]);
  if (local) return { thumb: objectUrl, full: objectUrl };
  const thumb = String(photo.thumbnail || photo.src || '') || null;
  return { thumb, full: src || thumb };
}

function Photo({ photo, index, canDelete, onDelete }: { photo: Row; index: number; canDelete: boolean; onDelete: () => void }) {
  const { thumb, full } = usePhotoUrl(photo);
  const pending = String(photo.src ?? '').startsWith('blob:');
  return (
    <Stack gap="1" borderWidth="1px" borderRadius="md" p="2" data-testid="gallery-photo">
      <Box position="relative" aspectRatio={4 / 3} bg="bg.muted" borderRadius="sm" overflow="hidden">
        {thumb ? (
          <a href={full ?? thumb} target="_blank" rel="noreferrer">
            <Image src={thumb} alt={`Photo ${index + 1}`} w="full" h="full" objectFit="cover" />
          </a>
        ) : (
          <Text p="2" fontSize="sm" color="fg.muted">
            Loading…
          </Text>
        )}
        {pending && (
          <Badge position="absolute" top="1" left="1" colorPalette="orange">
            Not uploaded yet
          </Badge>
        )}
      </Box>
      {canDelete && (
        <Button size="sm" variant="outline" colorPalette="red" onClick={onDelete} aria-label={`Delete photo ${index + 1}`}>
          Delete
        </Button>
      )}
    </Stack>
  );
}

/**
 * The full-screen Gallery (SPEC §2): the job's photos, Add Photo (files, several at once) and Take Photo (the
 * tablet's rear camera), per-photo delete with a confirm. Photos are kept on the device until the outbox sends them;
 * more than 10 MB is refused ('File size should be less than 10MB'), and so is anything that is not an image.
 */
export function GalleryDialog({ job, level, onClose }: { job: JobRow; level: number; onClose: () => void }) {
  const repos = useRepos();
  const confirm = useConfirm();
  const photos = useLiveQuery(() => repos.jobs.photos(job.id), [repos, job.id]);
  const files = useRef<HTMLInputElement>(null);
  const camera = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const editable = can('job.photos', level);

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
        await repos.jobs.addPhoto(job.id, file, file.name || 'photo.jpg');
        added++;
      } catch (err) {
        notifyError(err);
      }
    }
    setBusy(false);
    if (added) notify(added === 1 ? 'Photo added' : `${added} photos added`);
  };

  const remove = async (photo: Row, index: number) => {
    if (!(await confirm({ title: 'Delete photo', message: `Delete photo ${index + 1}?`, confirmLabel: 'Delete', danger: true }))) return;
    try {
      await repos.jobs.removePhoto(photo.id);
      notify('Photo deleted');
    } catch (err) {
      notifyError(err);
    }
  };

  return (
    <Dialog.Root open onOpenChange={(e) => !e.open && onClose()} size="full" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>
                Gallery {displayJobNumber(job.number)} · {job.registration}
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                {editable && (
                  <Flex gap="2" wrap="wrap">
                    <Button colorPalette="blue" onClick={() => files.current?.click()} loading={busy}>
                      Add Photo
                    </Button>
                    <Button variant="outline" onClick={() => camera.current?.click()} disabled={busy}>
                      Take Photo
                    </Button>
                    <input ref={files} type="file" accept="image/*" multiple hidden data-testid="photo-input" onChange={(e) => void upload(e)} />
                    <input ref={camera} type="file" accept="image/*" capture="environment" hidden data-testid="camera-input" onChange={(e) => void upload(e)} />
                  </Flex>
                )}
                {photos && !photos.length && <Text color="fg.muted">No photos yet.</Text>}
                <SimpleGrid columns={{ base: 2, md: 3, lg: 5 }} gap="3">
                  {(photos ?? []).map((p, i) => (
                    <Photo key={p.id} photo={p} index={i} canDelete={editable} onDelete={() => void remove(p, i)} />
                  ))}
                </SimpleGrid>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                Close
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
