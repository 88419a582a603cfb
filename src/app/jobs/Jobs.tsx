import { HStack, Heading, NativeSelect, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { JOB_STATUSES, type JobStatus } from '../../domain/entities';
import { JOB_LINK_PARAMS } from '../../domain/jobs';
import { JobTable } from './JobTable';
import { useJobPages } from './useJobPages';

/**
 * SPEC §2 Job table, the paged variant (/view-request): per_page, page, orderBy created_at, search and a status filter,
 * read through repos.jobs.page. The device's IndexedDB plays the server here (the sync engine keeps it current) so
 * the screen works offline; the live query shows another device's changes as they arrive, without a reload.
 * Opened by a link to one job (the domain's jobLink), it starts searched by that job's number with its panel open.
 */
export default function Jobs() {
  const [params] = useSearchParams();
  const [status, setStatus] = useState<JobStatus | ''>('');
  const { rows, manual, exportAll, toFirstPage } = useJobPages(status, params.get(JOB_LINK_PARAMS.search) ?? '');

  const statusFilter = (
    <NativeSelect.Root size="sm" width="auto">
      <NativeSelect.Field
        aria-label="Status filter"
        value={status}
        onChange={(e) => {
          setStatus(e.target.value as JobStatus | '');
          toFirstPage();
        }}
      >
        <option value="">All</option>
        {JOB_STATUSES.map((s) => (
          <option key={s} value={s}>
            {s.charAt(0).toUpperCase() + s.slice(1)}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );

  return (
    <Stack gap="4">
      <HStack justify="space-between" wrap="wrap">
        <Heading size="xl">Service Requests</Heading>
      </HStack>
      <JobTable
        jobs={rows ?? []}
        name="Service Requests"
        loading={rows === undefined}
        toolbar={statusFilter}
        exportAll={exportAll}
        manual={manual}
        openId={params.get(JOB_LINK_PARAMS.open) ?? undefined}
      />
    </Stack>
  );
}
