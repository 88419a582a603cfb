import { Badge, Box, Button, Flex, Image, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useRef } from 'react';
import { displayJobNumber } from '../../../domain/jobs';
import { can } from '../../../domain/permissions';
import type { JobRow, Row } from '../../../local/db';
import { useRepos } from '../../data/DataProvider';
import { DialogFrame } from '../../ui/DialogFrame';
import { isPendingPhoto, usePhotoGallery, usePhotoUrl } from '../../ui/photos';

function Photo({
  photo,
  index,
  canDelete,
  onDelete,
}: {
  photo: Row;
  index: number;
  canDelete: boolean;
  onDelete: () => void;
}) {
  const repos = useRepos();
  const { thumb, unavailable, openFull } = usePhotoUrl(photo, repos.jobs.localPhoto);
  const pending = isPendingPhoto(photo);
  return (
    <Stack gap="1" borderWidth="1px" borderRadius="md" p="2" data-testid="gallery-photo">
      <Box position="relative" aspectRatio={4 / 3} bg="bg.muted" borderRadius="sm" overflow="hidden">
        {thumb ? (
          <Box as="button" w="full" h="full" cursor="zoom-in" onClick={openFull} aria-label={`Open photo ${index + 1}`}>
            <Image src={thumb} alt={`Photo ${index + 1}`} w="full" h="full" objectFit="cover" />
          </Box>
        ) : (
          <Text p="2" fontSize="sm" color="fg.muted">
            {unavailable ? 'Not available offline' : 'Loading…'}
          </Text>
        )}
        {pending && (
          <Badge position="absolute" top="1" left="1" colorPalette="orange">
            Not uploaded yet
          </Badge>
        )}
      </Box>
      {canDelete && (
        <Button
          size="sm"
          variant="outline"
          colorPalette="red"
          onClick={onDelete}
          aria-label={`Delete photo ${index + 1}`}
        >
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
  const photos = useLiveQuery(() => repos.jobs.photos(job.id), [repos, job.id]);
  const files = useRef<HTMLInputElement>(null);
  const camera = useRef<HTMLInputElement>(null);
  const { busy, upload, remove } = usePhotoGallery({
    add: (file, name) => repos.jobs.addPhoto(job.id, file, name),
    remove: (id) => repos.jobs.removePhoto(id),
  });
  const editable = can('job.photos', level);

  return (
    <DialogFrame
      title={`Gallery ${displayJobNumber(job.number)} · ${job.registration}`}
      size="full"
      onClose={onClose}
      footer={
        <Button variant="outline" onClick={onClose}>
          Close
        </Button>
      }
    >
      <Stack gap="4">
        {editable && (
          <Flex gap="2" wrap="wrap">
            <Button colorPalette="blue" onClick={() => files.current?.click()} loading={busy}>
              Add Photo
            </Button>
            <Button variant="outline" onClick={() => camera.current?.click()} disabled={busy}>
              Take Photo
            </Button>
            <input
              ref={files}
              type="file"
              accept="image/*"
              multiple
              hidden
              data-testid="photo-input"
              onChange={(e) => void upload(e)}
            />
            <input
              ref={camera}
              type="file"
              accept="image/*"
              capture="environment"
              hidden
              data-testid="camera-input"
              onChange={(e) => void upload(e)}
            />
          </Flex>
        )}
        {photos && !photos.length && <Text color="fg.muted">No photos yet.</Text>}
        <SimpleGrid columns={{ base: 2, md: 3, lg: 5 }} gap="3">
          {(photos ?? []).map((p, i) => (
            <Photo key={p.id} photo={p} index={i} canDelete={editable} onDelete={() => void remove(p, i)} />
          ))}
        </SimpleGrid>
      </Stack>
    </DialogFrame>
  );
}
