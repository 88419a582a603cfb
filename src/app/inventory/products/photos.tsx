import { Badge, Box, Button, Flex, Image, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useRef } from 'react';
import type { Row } from '../../../local/db';
import { useRepos } from '../../data/DataProvider';
import { isPendingPhoto, usePhotoGallery, usePhotoUrl } from '../../ui/photos';

/**
 * Product photos (SPEC §3: id, src, thumbnail): the table's thumbnail and the Edit dialog's gallery; the photo logic
 * is src/app/ui/photos.ts, shared with the job Gallery.
 */
function usePhotoThumb(photo: Row | undefined): string | null {
  const repos = useRepos();
  return usePhotoUrl(photo, repos.products.localPhoto).thumb;
}

/** The Photo column: the product's first photo, small. */
export function ProductThumb({ productId, title }: { productId: string; title: string }) {
  const repos = useRepos();
  const first = useLiveQuery(() => repos.products.photos(productId).then((p) => p[0] ?? null), [repos, productId]);
  const url = usePhotoThumb(first ?? undefined);
  return (
    <Box w="12" h="12" bg="bg.muted" borderRadius="sm" overflow="hidden" flexShrink={0}>
      {url && <Image src={url} alt={`Photo of ${title}`} w="full" h="full" objectFit="cover" />}
    </Box>
  );
}

function Photo({ photo, index, onDelete }: { photo: Row; index: number; onDelete: () => void }) {
  const url = usePhotoThumb(photo);
  const pending = isPendingPhoto(photo);
  return (
    <Stack gap="1" borderWidth="1px" borderRadius="md" p="2" data-testid="product-photo">
      <Box position="relative" aspectRatio={4 / 3} bg="bg.muted" borderRadius="sm" overflow="hidden">
        {url ? (
          <Image src={url} alt={`Photo ${index + 1}`} w="full" h="full" objectFit="cover" />
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
      <Button
        size="xs"
        variant="outline"
        colorPalette="red"
        onClick={onDelete}
        aria-label={`Delete photo ${index + 1}`}
      >
        Delete
      </Button>
    </Stack>
  );
}

/**
 * The Edit dialog's gallery (SPEC §2): the product's photos, Add Photo (several at once), per-photo delete with a
 * confirm. Over 10 MB is refused with 'File size should be less than 10MB' (SPEC §5), and so is anything not an image.
 */
export function ProductGallery({ productId }: { productId: string }) {
  const repos = useRepos();
  const photos = useLiveQuery(() => repos.products.photos(productId), [repos, productId]);
  const input = useRef<HTMLInputElement>(null);
  const { busy, upload, remove } = usePhotoGallery({
    add: (file, name) => repos.products.addPhoto(productId, file, name),
    remove: (id) => repos.products.removePhoto(id),
  });

  return (
    <Stack gap="2" borderTopWidth="1px" pt="3">
      <Flex justify="space-between" align="center">
        <Text fontWeight="medium">Photos</Text>
        <Button size="sm" colorPalette="blue" variant="outline" onClick={() => input.current?.click()} loading={busy}>
          Add Photo
        </Button>
        <input
          ref={input}
          type="file"
          accept="image/*"
          multiple
          hidden
          data-testid="product-photo-input"
          onChange={(e) => void upload(e)}
        />
      </Flex>
      {photos && !photos.length && (
        <Text fontSize="sm" color="fg.muted">
          No photos yet.
        </Text>
      )}
      <SimpleGrid columns={{ base: 2, md: 3 }} gap="2">
        {(photos ?? []).map((p, i) => (
          <Photo key={p.id} photo={p} index={i} onDelete={() => void remove(p, i)} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
