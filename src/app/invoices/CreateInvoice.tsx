import { Alert, Badge, Box, Button, Flex, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { shopSettings } from '../../domain/configSheet';
import { canGenerateInvoice, displayInvoiceNumber, displayJobNumber } from '../../domain/jobs';
import { LEVEL_NAMES, type Level } from '../../domain/levels';
import { fill, MSG } from '../../domain/messages';
import { fromCents } from '../../domain/money';
import { can, minLevel } from '../../domain/permissions';
import { computeInvoice } from '../../domain/totals';
import type { JobRow } from '../../local/db';
import { useRepos } from '../data/DataProvider';
import { ClockSuggestion } from '../jobs/clock/ClockSuggestion';
import { DelayedSpinner } from '../feedback/DelayedSpinner';
import { useSession } from '../session/session';
import {
  LabourFields,
  labourForm,
  LineItems,
  SaveFooter,
  useLineStock,
  useSaveNewInvoice,
  useShopTax,
  type LabourError,
  type LabourValues,
  type Line,
} from './lines';
import { Section } from '../ui/Section';

/** The job of the query id: its id (UUID) or its number, with or without the leading # (SPEC §2: B2-17). */
export async function findJob(repos: ReturnType<typeof useRepos>, id: string): Promise<JobRow | null> {
  const key = id.trim();
  if (!key) return null;
  return (await repos.jobs.get(key)) ?? (await repos.jobs.byNumber(key)) ?? null;
}

function Info({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap="0" data-testid={`job-${label.toLowerCase()}`}>
      <Text fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Box fontWeight="medium" wordBreak="break-word">
        {children}
      </Box>
    </Stack>
  );
}

/**
 * Work hours and the rate as typed (the rate the config sheet's labour rate until one is typed), what they parse to,
 * and the invoice's figures with them — read as far as they can be while a field is still being typed.
 */
function useLabour(labourRateCents: number | null, lines: Line[]) {
  const tax = useShopTax();
  const [hours, setHours] = useState('');
  const [rate, setRate] = useState<string | null>(null); // null: not typed yet, the stored labour rate shows
  const values: LabourValues = {
    workHours: hours,
    rate: rate ?? (labourRateCents !== null ? String(fromCents(labourRateCents)) : ''),
  };
  const parsed = labourForm(values);
  const form = parsed.ok
    ? parsed.form
    : { work_hour: Number(hours) || 0, rate_hour: Math.round((Number(values.rate) || 0) * 100) };
  const { status: _status, ...figures } = computeInvoice({
    type: 'service',
    workHour: form.work_hour,
    rateCents: form.rate_hour,
    lines,
    tax,
  });
  return { values, parsed, figures, setHours, setRate };
}

/**
 * SPEC §2 Create Invoice (/generate-invoice?id=<job>): the job's customer and vehicle, work hours and rate per hour
 * (the rate prefilled from the config sheet's labour rate), the product picker and table, the summary; Save writes
 * the invoice on this device (repos.invoices.create: the invoice, the job's invoice list, stock, and the POST /invoice
 * outbox entry) and opens the invoice editor. Offered for received or active jobs to levels above 3 (SPEC §4, §6).
 */
export default function CreateInvoice() {
  const repos = useRepos();
  const level = useSession()?.permission ?? 0;
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';

  const job = useLiveQuery(() => findJob(repos, id), [repos, id]);
  const config = useLiveQuery(() => repos.config.list(), [repos]);
  const settings = config ? shopSettings(config) : null;

  if (job === undefined) return <DelayedSpinner />;
  if (!id || job === null) {
    return (
      <Alert.Root status="error" maxW="3xl">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{fill(MSG.noRecordFound, { id })}</Alert.Title>
          <Alert.Description>Open the job from the job table and choose Generate Invoice.</Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  }

  return <CreateForm job={job} level={level} labourRateCents={settings?.labourRateCents ?? null} />;
}

/** The form for a job that was found: labour, products, the totals and Save. */
function CreateForm({ job, level, labourRateCents }: { job: JobRow; level: number; labourRateCents: number | null }) {
  const repos = useRepos();
  const navigate = useNavigate();
  const [lines, setLines] = useState<Line[]>([]);
  const [labourError, setLabourError] = useState<LabourError | null>(null);
  const { error: saveError, setError: setSaveError, busy, save: saveNew } = useSaveNewInvoice();
  const stockOf = useLineStock(lines);
  const { values, parsed, figures, setHours, setRate } = useLabour(labourRateCents, lines);
  const allowed = can('invoice.create', level);
  const open = canGenerateInvoice(job.status);
  const editable = allowed && open && !busy;

  const save = async () => {
    setSaveError(null);
    setLabourError(parsed.ok ? null : { field: parsed.field, message: parsed.message, at: Date.now() });
    if (parsed.ok)
      await saveNew('service', lines, figures.total, () => repos.invoices.create(job.id, parsed.form, lines));
  };

  return (
    <Stack gap="5" maxW="6xl">
      <CreateHead job={job} allowed={allowed} open={open} />

      <Section title="Customer and vehicle">
        <JobFacts job={job} />
        <JobInvoices job={job} />
      </Section>

      <Section title="Labour">
        <LabourFields
          values={values}
          disabled={!editable}
          error={labourError}
          onChange={(v) => {
            setHours(v.workHours);
            setRate(v.rate);
            setLabourError(null);
            setSaveError(null);
          }}
        />
        <ClockSuggestion jobId={job.id} workHours={values.workHours} onUse={setHours} disabled={!editable} />
      </Section>

      <Section title="Products">
        <Stack gap="4">
          <LineItems
            lines={lines}
            stockOf={stockOf}
            readOnly={!editable}
            onChange={setLines}
            onAdded={() => setSaveError(null)}
          />
        </Stack>
      </Section>

      <SaveFooter
        error={saveError}
        onBack={() => void navigate(-1)}
        onSave={() => void save()}
        busy={busy}
        disabled={!allowed || !open}
        figures={figures}
      />
    </Stack>
  );
}

/** The job's number and status, and why no invoice can be made: the level, or a job not received or active. */
function CreateHead({ job, allowed, open }: { job: JobRow; allowed: boolean; open: boolean }) {
  const need = minLevel('invoice.create') as Level;
  return (
    <>
      <Flex align="center" gap="3" wrap="wrap">
        <Heading size="lg">Create Invoice</Heading>
        <Badge size="lg" colorPalette="blue">
          {displayJobNumber(job.number)}
        </Badge>
        <Badge size="lg">{job.status}</Badge>
      </Flex>

      {!allowed && (
        <Alert.Root status="info" data-testid="level-notice">
          <Alert.Indicator />
          <Alert.Description>{`Generating an invoice needs ${LEVEL_NAMES[need]} (level ${need}) or higher. Ask an ${LEVEL_NAMES[need]} to generate it.`}</Alert.Description>
        </Alert.Root>
      )}
      {allowed && !open && (
        <Alert.Root status="warning" data-testid="status-notice">
          <Alert.Indicator />
          <Alert.Description>{`Invoices are generated only for received or active jobs: ${displayJobNumber(job.number)} is ${job.status}.`}</Alert.Description>
        </Alert.Root>
      )}
    </>
  );
}

/** The job's customer and vehicle, and the services asked for, in order. */
function JobFacts({ job }: { job: JobRow }) {
  return (
    <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4">
      <Info label="Customer">{`${job.first_name} ${job.last_name}`}</Info>
      <Info label="Registration">{job.registration}</Info>
      <Info label="Contact">{job.contact || '—'}</Info>
      <Info label="Email">{job.email || 'none'}</Info>
      <Info label="VIN">{job.vin}</Info>
      <Info label="Mileage">{job.mileage.toLocaleString('en-US')}</Info>
      <Box gridColumn={{ lg: 'span 2' }}>
        <Info label="Services">
          {job.service?.length ? (
            <Stack as="ol" gap="0" ps="5" listStyleType="decimal">
              {job.service.map((s) => (
                <li key={s}>{s}</li>
              ))}
            </Stack>
          ) : (
            '—'
          )}
        </Info>
      </Box>
    </SimpleGrid>
  );
}

/** The invoices this job already has (a second one can still be made), linking to the invoice editor. */
function JobInvoices({ job }: { job: JobRow }) {
  const repos = useRepos();
  const invoices = useLiveQuery(() => repos.invoices.forJob(job.id), [repos, job.id]);
  if (!invoices?.length) return null;
  return (
    <HStack gap="2" wrap="wrap" mt="4" data-testid="job-invoices">
      <Text fontSize="sm" color="fg.muted">
        Invoices of this job:
      </Text>
      {invoices.map((inv) => (
        <Button key={inv.id} asChild size="xs" variant="subtle" colorPalette="green" borderRadius="full">
          <RouterLink to={`/view-invoice?id=${encodeURIComponent(inv.id)}`}>
            {displayInvoiceNumber(inv.number)}
          </RouterLink>
        </Button>
      ))}
    </HStack>
  );
}
