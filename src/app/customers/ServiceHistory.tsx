import { Badge, Box, Button, Image, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { BOOKING_FORMAT, formatShop } from '../../domain/dates';
import { displayJobNumber } from '../../domain/jobs';
import type { CustomerRow, JobRow, Row } from '../../local/db';
import { useRepos } from '../data/DataProvider';
import { statusPalette } from '../jobs/statusColours';
import { DialogFrame } from '../ui/DialogFrame';
import { serviceHistoryBlob } from '../ui/documents';
import { isPendingPhoto, usePhotoUrl } from '../ui/photos';
import { useOpenPdf } from '../ui/useOpenPdf';
import { useShopTimeZone } from '../ui/useShopTimeZone';

/** One photo's thumbnail, opening full size: from this device's own bytes, or the server's (kept once fetched). */
function Thumb({ photo, label }: { photo: Row; label: string }) {
  const repos = useRepos();
  const { thumb, unavailable, openFull } = usePhotoUrl(photo, repos.jobs.localPhoto);
  return (
    <Box
      position="relative"
      aspectRatio={4 / 3}
      bg="bg.muted"
      borderRadius="sm"
      overflow="hidden"
      data-testid="history-photo"
    >
      {thumb ? (
        <Box as="button" w="full" h="full" cursor="zoom-in" onClick={openFull} aria-label={`Open ${label}`}>
          <Image src={thumb} alt={label} w="full" h="full" objectFit="cover" />
        </Box>
      ) : (
        <Text p="2" fontSize="xs" color="fg.muted">
          {unavailable ? 'Not available offline' : 'Loading…'}
        </Text>
      )}
      {isPendingPhoto(photo) && (
        <Badge position="absolute" top="1" left="1" colorPalette="orange" size="sm">
          Not uploaded yet
        </Badge>
      )}
    </Box>
  );
}

function JobEntry({ job, timeZone }: { job: JobRow; timeZone: string }) {
  const repos = useRepos();
  const photos = useLiveQuery(() => repos.jobs.photos(job.id), [repos, job.id]);
  const number = displayJobNumber(job.number);
  return (
    <Stack gap="2" borderWidth="1px" borderRadius="md" p="3" data-testid="history-job">
      <Box display="flex" gap="3" flexWrap="wrap" alignItems="baseline">
        <Text fontWeight="semibold">{number}</Text>
        <Text color="fg.muted">{formatShop(job.created_at, timeZone, BOOKING_FORMAT)}</Text>
        <Badge colorPalette={statusPalette(job.status)}>{job.status}</Badge>
        <Text color="fg.muted">{`${job.mileage ?? 0} miles`}</Text>
      </Box>
      <Text>{(job.service ?? []).join(', ') || 'No services listed'}</Text>
      {!!photos?.length && (
        <SimpleGrid columns={{ base: 3, md: 5, lg: 6 }} gap="2">
          {photos.map((p, i) => (
            <Thumb key={p.id} photo={p} label={`photo ${i + 1} of ${number}`} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

/**
 * SPEC §2 Service History of a vehicle on screen (issue 15): every job of its VIN, newest first, with the job's photos
 * as thumbnails that open full size — online and offline (src/app/ui/photos.ts) — and the PDF to print or send.
 */
function ServiceHistoryDialog({ customer, onClose }: { customer: CustomerRow; onClose: () => void }) {
  const repos = useRepos();
  const timeZone = useShopTimeZone();
  const jobs = useLiveQuery(() => repos.jobs.forVin(customer.vin), [repos, customer.vin]);
  const pdf = useOpenPdf();
  const print = () =>
    pdf.open(() => serviceHistoryBlob(repos, customer), `service-history-${customer.registration || customer.vin}.pdf`);
  return (
    <DialogFrame
      title={`Service History · ${customer.registration} · ${customer.first_name} ${customer.last_name}`}
      size="xl"
      onClose={onClose}
      testId="service-history"
      footer={
        <>
          <Button colorPalette="blue" onClick={() => void print()} loading={pdf.busy !== null}>
            PDF
          </Button>
          <Button variant="outline" onClick={onClose}>
            Close
          </Button>
        </>
      }
    >
      <Stack gap="3">
        <Text color="fg.muted">{`VIN ${customer.vin}`}</Text>
        {jobs && !jobs.length && <Text color="fg.muted">No jobs for this vehicle yet.</Text>}
        {(jobs ?? []).map((j) => (
          <JobEntry key={j.id} job={j} timeZone={timeZone} />
        ))}
      </Stack>
    </DialogFrame>
  );
}

/** The customers table's Service History action: opens the vehicle's history, photos and PDF. */
export function ServiceHistoryButton({ customer }: { customer: CustomerRow }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
        Service History
      </Button>
      {open && <ServiceHistoryDialog customer={customer} onClose={() => setOpen(false)} />}
    </>
  );
}
