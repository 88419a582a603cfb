import { Box, Button, Field, Flex, Stack, Text, Textarea } from '@chakra-ui/react';
import { yupResolver } from '@hookform/resolvers/yup';
import { useLiveQuery } from 'dexie-react-hooks';
import { useForm } from 'react-hook-form';
import { formatShop } from '../../../domain/dates';
import { displayJobNumber } from '../../../domain/jobs';
import { MSG, fill } from '../../../domain/messages';
import { textMax } from '../../../domain/model/fields';
import { serviceLog } from '../../../domain/model/jobs';
import { can } from '../../../domain/permissions';
import { logPreview, serviceLogSchema } from '../../../domain/schemas/job';
import type { JobRow } from '../../../local/db';
import type { LogEntry } from '../../../local/repositories/jobs';
import { useRepos } from '../../data/DataProvider';
import { errorMessage, notify, notifyError } from '../../feedback/toaster';
import { useConfirmedAction } from '../../ui/confirm';
import { submitWith } from '../../ui/submitWith';
import { useShopTimeZone } from '../../ui/useShopTimeZone';
import { DialogFrame } from '../../ui/DialogFrame';

/** an entry's limit: the model's service_log.message, as serviceLogSchema reads it */
const LOG_MAX = textMax(serviceLog.fields.message);
const commentSchema = serviceLogSchema.pick(['value']);

/** SPEC §8: a failed service-log add or delete reads 'Something went wrong <message>'. */
const wentWrong = (err: unknown) => notifyError(fill(MSG.somethingWentWrong, { message: errorMessage(err) }));

/**
 * The full-screen Service Log (SPEC §2): entries oldest first with who and when (shop time); level 4 and up add a
 * comment (Log Service Comment, 'You need to write something!' when empty); level 5 deletes an entry after a confirm
 * showing its first 15 characters.
 */
export function ServiceLogDialog({ job, level, onClose }: { job: JobRow; level: number; onClose: () => void }) {
  const repos = useRepos();
  const act = useConfirmedAction();
  const tz = useShopTimeZone();
  const entries = useLiveQuery(() => repos.jobs.serviceLog(job.id), [repos, job.id]);
  const remove = async (entry: LogEntry) => {
    const preview = logPreview(entry.message);
    const more = entry.message.length > preview.length ? '…' : '';
    await act({
      title: 'Delete log entry',
      message: `Delete "${preview}${more}"?`,
      confirmLabel: 'Delete',
      danger: true,
      run: () => repos.jobs.removeLog(entry.id),
      done: 'Log entry deleted',
      onError: wentWrong,
    });
  };

  const footer = (
    <>
      <Button variant="outline" onClick={onClose}>
        Close
      </Button>
    </>
  );
  return (
    <DialogFrame
      title={`Service Log ${displayJobNumber(job.number)} · ${job.registration}`}
      placement="top"
      size="full"
      scrollBehavior="inside"
      onClose={onClose}
      footer={footer}
    >
      <Stack gap="4" maxW="4xl" mx="auto" w="full">
        {can('serviceLog.add', level) && <CommentForm jobId={job.id} />}
        {entries && !entries.length && <Text color="fg.muted">No log entries yet.</Text>}
        <Stack gap="2" as="ul" listStyleType="none" aria-label="Log entries">
          {(entries ?? []).map((e) => (
            <Entry
              key={e.id}
              entry={e}
              tz={tz}
              onDelete={can('serviceLog.delete', level) ? () => void remove(e) : null}
            />
          ))}
        </Stack>
      </Stack>
    </DialogFrame>
  );
}

/** Log Service Comment (level 4 and up): 'You need to write something!' when empty. */
function CommentForm({ jobId }: { jobId: string }) {
  const repos = useRepos();
  const { register, handleSubmit, reset, formState } = useForm<{ value: string }>({
    resolver: yupResolver(commentSchema),
    defaultValues: { value: '' },
  });

  const add = submitWith(
    handleSubmit,
    async ({ value }) => {
      await repos.jobs.addLog(jobId, value);
      reset({ value: '' });
      notify('Log comment added');
    },
    wentWrong,
  );
  return (
    <form onSubmit={add} noValidate>
      <Stack gap="2">
        <Field.Root invalid={!!formState.errors.value}>
          <Field.Label>Log Service Comment</Field.Label>
          <Textarea rows={3} maxLength={LOG_MAX} {...register('value')} />
          <Field.ErrorText>{formState.errors.value?.message}</Field.ErrorText>
        </Field.Root>
        <Flex justify="end">
          <Button type="submit" colorPalette="blue" loading={formState.isSubmitting}>
            Add comment
          </Button>
        </Flex>
      </Stack>
    </form>
  );
}

/** An entry: its text, who wrote it and when (shop time), and Delete where the level may. */
function Entry({ entry: e, tz, onDelete }: { entry: LogEntry; tz: string; onDelete: (() => void) | null }) {
  return (
    <Box as="li" borderWidth="1px" borderRadius="md" p="3">
      <Flex gap="3" align="start" wrap="wrap">
        <Box flex="1" minW="0">
          <Text whiteSpace="pre-wrap" wordBreak="break-word">
            {e.message}
          </Text>
          <Text fontSize="sm" color="fg.muted">
            {e.username || 'unknown'} · {e.created_at ? formatShop(e.created_at, tz) : ''}
          </Text>
        </Box>
        {onDelete && (
          <Button
            size="sm"
            variant="outline"
            colorPalette="red"
            onClick={onDelete}
            aria-label={`Delete log entry ${logPreview(e.message)}`}
          >
            Delete
          </Button>
        )}
      </Flex>
    </Box>
  );
}
