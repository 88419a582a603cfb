import { Button, HStack, Text } from '@chakra-ui/react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useRepos } from '../../data/DataProvider';

/**
 * The time clock's hours offered as an invoice's work hours (issue 18): "Clocked: 2.5 h — Use" under the work-hours
 * field of a job's invoice. A suggestion only: the desk takes it with one tap or types its own; nothing is filled in
 * by itself, so an invoice made without the clock is as SPEC has it. Clocks that ran past closing count to closing
 * (src/domain/clockReport.ts) and are said so.
 */
export function ClockSuggestion({
  jobId,
  workHours,
  onUse,
  disabled,
}: {
  jobId: string;
  workHours: string;
  onUse: (hours: string) => void;
  disabled?: boolean;
}) {
  const repos = useRepos();
  const clock = useLiveQuery(() => repos.clock.panel(jobId, '', new Date()), [repos, jobId]);
  if (!clock?.hours) return null;
  const hours = String(clock.hours);
  const late = clock.pastClosing.length;
  return (
    <HStack gap="3" wrap="wrap" data-testid="clock-suggestion">
      <Text>
        Clocked: {hours} h{late ? ` (${late} past closing, counted to closing)` : ''}
      </Text>
      <Button
        size="md"
        variant="outline"
        disabled={disabled || Number(workHours) === clock.hours}
        onClick={() => onUse(hours)}
      >
        Use {hours} h
      </Button>
    </HStack>
  );
}
