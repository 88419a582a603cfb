import { Box, Input, Text } from '@chakra-ui/react';
import { useRef, useState, type KeyboardEvent, type SyntheticEvent } from 'react';
import { isFinal } from '../../../domain/jobs';
import { MSG } from '../../../domain/messages';
import { can } from '../../../domain/permissions';
import { mileageEditSchema } from '../../../domain/schemas/job';
import type { JobRow } from '../../../local/db';
import { useRepos } from '../../data/DataProvider';
import { notifyError } from '../../feedback/toaster';
import { useLevel } from '../../session/useLevel';

/** Stops clicks and keys in the cell from reaching the row (which expands on click). */
const stop = (e: SyntheticEvent) => e.stopPropagation();

/** The open edit: what is typed, why it was refused, and Save (once: Enter then the blur must not save twice). */
function useMileageEdit(job: JobRow, shown: string) {
  const repos = useRepos();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  /** true while an edit is open and not yet saved or cancelled (Enter then blur must not save twice) */
  const open = useRef(false);

  const start = () => {
    setText(shown);
    setError('');
    open.current = true;
    setEditing(true);
  };
  const cancel = () => {
    open.current = false;
    setEditing(false);
    setError('');
  };
  const save = async () => {
    if (!open.current) return;
    let mileage: number;
    try {
      mileage = mileageEditSchema.validateSyncAt('mileage', { mileage: text.trim() }) as number;
    } catch {
      setError(MSG.invalidMileage);
      return;
    }
    if (mileage === job.mileage) return cancel();
    open.current = false;
    try {
      await repos.jobs.setMileage(job.id, mileage);
      setEditing(false);
      setError('');
    } catch (err) {
      open.current = true;
      notifyError(err);
    }
  };
  return { editing, text, setText, error, setError, start, cancel, save };
}

/**
 * The job table's Mileage cell: the mileage as text; above level 3 (and while the job is open) an inline editor —
 * click or Enter to edit, Enter or leaving the field saves (PUT /service, offline), Escape cancels;
 * 'Invalid Mileage' for anything but a whole number from 0.
 */
export function MileageCell({ job }: { job: JobRow }) {
  const level = useLevel();
  const shown = job.mileage === null || job.mileage === undefined ? '' : String(job.mileage);
  const { editing, text, setText, error, setError, start, cancel, save } = useMileageEdit(job, shown);

  if (!can('job.mileage', level) || isFinal(job.status)) return <Text as="span">{shown}</Text>;

  if (!editing) return <EditTrigger shown={shown} onStart={start} />;

  return (
    <Box as="span" display="inline-block" onClick={stop}>
      <Input
        size="sm"
        w="28"
        inputMode="numeric"
        aria-label="Mileage"
        aria-invalid={!!error}
        value={text}
        autoFocus
        onChange={(e) => {
          setText(e.target.value);
          setError('');
        }}
        onKeyDown={(e) => {
          stop(e);
          if (e.key === 'Enter') {
            e.preventDefault();
            void save();
          } else if (e.key === 'Escape') {
            e.preventDefault();
            cancel();
          }
        }}
        onBlur={() => void save()}
      />
      {error && (
        <Text as="span" display="block" fontSize="xs" color="red.600" role="alert">
          {error}
        </Text>
      )}
    </Box>
  );
}

/** The mileage as a button: a click, Enter or Space opens the editor (and does not expand the row). */
function EditTrigger({ shown, onStart }: { shown: string; onStart: () => void }) {
  return (
    <Box
      as="span"
      role="button"
      tabIndex={0}
      aria-label={`Mileage ${shown}, edit`}
      cursor="pointer"
      borderBottomWidth="1px"
      borderStyle="dashed"
      minW="8"
      minH="6"
      display="inline-block"
      onClick={(e) => {
        stop(e);
        onStart();
      }}
      onKeyDown={(e: KeyboardEvent) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          stop(e);
          onStart();
        }
      }}
    >
      {shown || '—'}
    </Box>
  );
}
