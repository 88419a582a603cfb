import { Alert, Badge, Box, Button, HStack, Link as ChakraLink, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useLiveQuery } from 'dexie-react-hooks';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { LONG_FORMAT, formatShop } from '../../domain/dates';
import { displayInvoiceNumber, isRealDate } from '../../domain/jobs';
import { MSG } from '../../domain/messages';
import type { JobRow } from '../../local/db';
import { useRepos } from '../data/DataProvider';
import { JobActions } from './actions/JobActions';

/** SPEC §3 stores a job's invoices as comma-separated ids; this device keeps a list. Either way, the ids. */
export function invoiceIds(job: Pick<JobRow, 'invoice'>): string[] {
  const v = job.invoice as unknown;
  if (Array.isArray(v)) return v.map(String).filter(Boolean);
  if (typeof v === 'string') return v.split(',').map((s) => s.trim()).filter(Boolean);
  return [];
}

const hasEmail = (email: string | null | undefined): email is string => !!email && email.trim() !== '' && email !== 'none';

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
        const label = inv?.number ? displayInvoiceNumber(inv.number) : `Invoice ${id.length > 12 ? `…${id.slice(-8)}` : id}`;
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
              {job.contact ? (
                <ChakraLink href={`tel:${String(job.contact).replace(/[^\d+]/g, '')}`} color="blue.700" minH="8">
                  {job.contact}
                </ChakraLink>
              ) : null}
              {hasEmail(job.email) ? (
                <ChakraLink href={`mailto:${job.email}`} color="blue.700" minH="8">
                  {job.email}
                </ChakraLink>
              ) : null}
            </HStack>
          </Section>
          <Section title="Services">
            {services.length ? (
              <Box as="ol" listStyleType="none" m="0" p="0">
                {services.map((s, i) => (
                  <li key={`${i}-${s}`}>{`${i + 1}. ${s}`}</li>
                ))}
              </Box>
            ) : (
              <Text color="fg.muted">None</Text>
            )}
          </Section>
          {isRealDate(job.book_start) && (
            <Box>
              <Badge colorPalette="purple" size="lg" variant="subtle">
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
      <JobActions job={job} paged={paged} />
    </Stack>
  );
}
