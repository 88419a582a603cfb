import { Box, Button, Checkbox, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo, useState } from 'react';
import { MSG } from '../../../domain/messages';
import type { JobRow } from '../../../local/db';
import { useRepos } from '../../data/DataProvider';
import { notify, notifyError } from '../../feedback/toaster';
import { DialogFrame } from '../../ui/DialogFrame';

/** Titles grouped by their first letter (A, B, …; '#' for anything else), groups and titles in order. */
export function groupByFirstLetter(titles: readonly string[]): [string, string[]][] {
  const groups = new Map<string, string[]>();
  for (const t of [...titles].sort((a, b) => a.localeCompare(b))) {
    const first = t.trim().charAt(0).toUpperCase();
    const key = /[A-Z]/.test(first) ? first : '#';
    groups.set(key, [...(groups.get(key) ?? []), t]);
  }
  return [...groups].sort(([a], [b]) => (a === '#' ? 1 : b === '#' ? -1 : a.localeCompare(b)));
}

/** The catalogue's services and the job's own (those no longer listed stay), grouped, and which are ticked. */
function useChoice(job: JobRow) {
  const repos = useRepos();
  const catalogue = useLiveQuery(() => repos.jobs.catalogue(), [repos]);
  const [selected, setSelected] = useState<Set<string>>(() => new Set(job.service ?? []));
  const [error, setError] = useState('');

  const groups = useMemo(() => {
    const titles = new Set((catalogue ?? []).map((c) => c.title));
    for (const s of job.service ?? []) titles.add(s);
    return groupByFirstLetter([...titles]);
  }, [catalogue, job.service]);

  const toggle = (title: string, on: boolean) => {
    setError('');
    setSelected((prev) => {
      const next = new Set(prev);
      if (on) next.add(title);
      else next.delete(title);
      return next;
    });
  };
  return { catalogue, groups, selected, toggle, error, setError };
}

/**
 * Edit services (above level 3): the catalogue as checkboxes grouped by first letter, the job's services ticked;
 * at least one ('Select at least one(1) service'). Services of the job no longer in the catalogue stay listed.
 */
export function ServicesDialog({ job, onClose }: { job: JobRow; onClose: () => void }) {
  const repos = useRepos();
  const { catalogue, groups, selected, toggle, error, setError } = useChoice(job);
  const [saving, setSaving] = useState(false);

  const save = async () => {
    const ordered = groups.flatMap(([, titles]) => titles).filter((t) => selected.has(t));
    if (!ordered.length) {
      setError(MSG.selectOneService);
      return;
    }
    setSaving(true);
    try {
      await repos.jobs.setServices(job.id, ordered);
      notify('Services updated');
      onClose();
    } catch (err) {
      notifyError(err);
    } finally {
      setSaving(false);
    }
  };

  const footer = (
    <>
      <FooterError error={error} />
      <Button variant="outline" onClick={onClose}>
        Close
      </Button>
      <Button colorPalette="blue" onClick={() => void save()} loading={saving}>
        Save
      </Button>
    </>
  );
  return (
    <DialogFrame
      title="Edit services"
      size={{ base: 'full', md: 'xl' }}
      scrollBehavior="inside"
      onClose={onClose}
      footer={footer}
    >
      <Stack gap="4">
        {groups.map(([letter, titles]) => (
          <LetterGroup key={letter} letter={letter} titles={titles} selected={selected} onToggle={toggle} />
        ))}
        {catalogue && !groups.length && <Text color="fg.muted">The services list is empty.</Text>}
      </Stack>
    </DialogFrame>
  );
}

/** The services of one first letter, as checkboxes. */
function LetterGroup(props: {
  letter: string;
  titles: string[];
  selected: ReadonlySet<string>;
  onToggle: (title: string, on: boolean) => void;
}) {
  return (
    <Box role="group" aria-label={`Services ${props.letter}`}>
      <Heading size="sm" mb="2" color="fg.muted">
        {props.letter}
      </Heading>
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="2">
        {props.titles.map((t) => (
          <Checkbox.Root
            key={t}
            checked={props.selected.has(t)}
            onCheckedChange={(e) => props.onToggle(t, !!e.checked)}
            py="1"
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{t}</Checkbox.Label>
          </Checkbox.Root>
        ))}
      </SimpleGrid>
    </Box>
  );
}

/** Why Save was refused, beside the buttons. */
function FooterError({ error }: { error: string }) {
  if (!error) return null;
  return (
    <Text color="red.600" role="alert" flex="1">
      {error}
    </Text>
  );
}
