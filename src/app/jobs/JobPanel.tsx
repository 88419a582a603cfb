import { Alert, Badge, Box, Button, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { ColumnDef } from '@tanstack/react-table';
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { LONG_FORMAT, formatShop } from '../../domain/dates';
import { displayInvoiceNumber, displayJobNumber, isRealDate } from '../../domain/jobs';
import { MSG } from '../../domain/messages';
import type { JobRow } from '../../local/db';
import { useRepos } from '../data/DataProvider';
import { DataTable, PAGE_SIZES } from '../ui/DataTable';
import { MailLink, TelLink } from '../ui/links';
import { JobActions } from './actions/JobActions';
import { ClockPanel } from './clock/ClockPanel';
import { statusPalette } from './statusColours';

/** SPEC §3 stores a job's invoices as comma-separated ids; this device keeps a list. Either way, the ids. */
export function invoiceIds(job: Pick<JobRow, 'invoice'>): string[] {
  const v = job.invoice as unknown;
  if (Array.isArray(v)) return v.map(String).filter(Boolean);
  if (typeof v === 'string')
    return v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  return [];
}

interface ServiceLine {
  n: number;
  title: string;
}

const SERVICE_COLUMNS: ColumnDef<ServiceLine, unknown>[] = [
  { id: 'n', accessorKey: 'n', header: '#', enableSorting: false },
  { id: 'title', accessorKey: 'title', header: 'Service', enableSorting: false },
];

/** The job's numbered services as SPEC §9's services table: paged at 8 (PAGE_SIZES.services). */
function ServicesTable({ services, number }: { services: readonly string[]; number: string }) {
  const lines = useMemo(() => services.map((title, i) => ({ n: i + 1, title })), [services]);
  return (
    <DataTable<ServiceLine>
      data={lines}
      columns={SERVICE_COLUMNS}
      name={`Services of ${displayJobNumber(number)}`}
      getRowId={(l) => `service-${l.n}`}
      pageSizes={PAGE_SIZES.services}
      compact
      emptyText="None"
    />
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="1">
      <Text fontSize="xs" fontWeight="semibold" textTransform="uppercase" color="fg.muted">
        {title}
      </Text>
      {children}
    </Stack>
  );
}

function Note({ status, title, text }: { status: 'info' | 'error' | 'warning'; title: string; text: string }) {
  if (!text?.trim()) return null;
  return (
    <Alert.Root status={status} size="sm" data-testid={`note-${status}`}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{title}</Alert.Title>
        {/* stored text, rendered as text */}
        <Alert.Description whiteSpace="pre-wrap">{text}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

/** The invoice chips of a job (linking to the invoice editor), or SPEC's 'No invoice generated!' warning. */
function Invoices({ job }: { job: JobRow }) {
  const repos = useRepos();
  const ids = invoiceIds(job);
  const known = useLiveQuery(() => Promise.all(ids.map((id) => repos.invoices.get(id))), [repos, ids.join(',')]);
  if (!ids.length) {
    return (
      <Alert.Root status="warning" size="sm">
        <Alert.Indicator />
        <Alert.Title>{MSG.noInvoice}</Alert.Title>
      </Alert.Root>
    );
  }
  return (
    <HStack gap="2" wrap="wrap">
      {ids.map((id, i) => {
        const inv = known?.[i];
        const label = inv?.number
          ? displayInvoiceNumber(inv.number)
          : `Invoice ${id.length > 12 ? `…${id.slice(-8)}` : id}`;
        return (
          <Button key={id} asChild size="sm" variant="subtle" colorPalette="green" borderRadius="full">
            <RouterLink to={`/view-invoice?id=${encodeURIComponent(id)}`}>{label}</RouterLink>
          </Button>
        );
      })}
    </HStack>
  );
}

/**
 * A job row's expanding panel (SPEC §2 Job table): customer contact, numbered services, the booking chip, the three
 * notes in their styles, invoices, status, assignment and the action buttons. `paged` is the /view-request variant.
 */
export function JobPanel({ job, tz, paged = false }: { job: JobRow; tz: string; paged?: boolean }) {
  const services = Array.isArray(job.service) ? job.service : [];
  return (
    // sticky and capped to the viewport: on a tablet the wide table scrolls sideways, the panel stays in view
    <Stack
      gap="4"
      p={{ base: '1', md: '2' }}
      data-testid={`job-panel-${job.id}`}
      whiteSpace="normal"
      position="sticky"
      left="0"
      maxW={{ base: 'calc(100vw - 2.5rem)', lg: 'calc(100vw - 300px)' }}
    >
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <Stack gap="3">
          <Section title="Customer">
            <Text fontWeight="medium">
              {job.first_name} {job.last_name}
            </Text>
            <HStack gap="4" wrap="wrap">
              <TelLink phone={job.contact} />
              <MailLink email={job.email} />
            </HStack>
          </Section>
          <Section title="Services">
            {services.length ? (
              <ServicesTable services={services} number={job.number} />
            ) : (
              <Text color="fg.muted">None</Text>
            )}
          </Section>
          {/* SPEC: 'a Booked for <date time> chip when booked' — while the job waits for its booking; once the
              vehicle is received the booking is history (the calendar keeps it) */}
          {job.status === 'booked' && isRealDate(job.book_start) && (
            <Box>
              <Badge colorPalette={statusPalette('booked')} size="lg" variant="subtle" data-testid="booked-chip">
                Booked for {formatShop(job.book_start, tz, LONG_FORMAT)}
              </Badge>
            </Box>
          )}
        </Stack>
        <Stack gap="2">
          <Note status="info" title="Customer note" text={job.customer_note} />
          <Note status="error" title="Service comment" text={job.service_note} />
          <Note status="warning" title="Comments for customer" text={job.comment} />
          <Section title="Invoices">
            <Invoices job={job} />
          </Section>
        </Stack>
      </SimpleGrid>
      <ClockPanel job={job} />
      <JobActions job={job} paged={paged} />
    </Stack>
  );
}
