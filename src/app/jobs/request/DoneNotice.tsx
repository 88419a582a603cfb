import { Alert, Button } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { displayJobNumber, jobLink } from '../../../domain/jobs';
import { canSee } from '../../../domain/routes';

/** What the request just made says, and the job it made (for the link to it). */
export interface Done {
  text: string;
  job: { id: string; number: string };
}

/**
 * What the request just made says (its number), until the next lookup; with a link that opens the new job in the
 * Jobs table (issue 30) for the levels that may open it (level 3 and up).
 */
export function DoneNotice({ done, level }: { done: Done | null; level: number }) {
  if (!done) return null;
  return (
    <Alert.Root status="success" mb="4" role="status" data-testid="request-done" alignItems="center">
      <Alert.Indicator />
      <Alert.Title flex="1">{done.text}</Alert.Title>
      {canSee('/view-request', level) && (
        <Button asChild size="sm" variant="outline" colorPalette="green">
          <RouterLink to={jobLink(done.job)}>{`Open job ${displayJobNumber(done.job.number)}`}</RouterLink>
        </Button>
      )}
    </Alert.Root>
  );
}
