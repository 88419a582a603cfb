import { Button, HStack, List, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { estimateNumber } from '../../../domain/invoiceFields';
import type { EstimateRow } from '../../../local/repositories/estimates';
import { useRepos } from '../../data/DataProvider';
import { DocumentFooter } from '../../invoices/lines';
import type { SummaryFigures } from '../../invoices/lines/Summary';
import { estimatePdfBlob } from '../../ui/documents';
import { useOpenPdf } from '../../ui/useOpenPdf';
import type { estimateAccess } from './access';

/**
 * The foot of the estimate editor: why the last save failed, View Estimates, Print Estimate (the saved estimate,
 * drawn on the device), Save Changes, why any of them is off, and the totals.
 */
export function EstimateFooter({
  saved,
  dirty,
  access,
  saveError,
  busy,
  onSave,
  figures,
}: {
  saved: EstimateRow | null;
  dirty: boolean;
  access: ReturnType<typeof estimateAccess>;
  saveError: string | null;
  busy: boolean;
  onSave: () => void;
  figures: SummaryFigures;
}) {
  const { canView, canSave, reasons } = access;
  return (
    <DocumentFooter error={saveError} figures={figures}>
      <HStack gap="3" wrap="wrap">
        <ViewEstimates enabled={canView} />
        <PrintEstimate saved={canView ? saved : null} />
        <Button colorPalette="blue" minW="32" onClick={onSave} loading={busy} disabled={!canSave}>
          Save Changes
        </Button>
      </HStack>
      {dirty && saved && canView && (
        <Text fontSize="sm" color="fg.muted">
          Print Estimate prints the saved estimate: Save Changes first to print your edits.
        </Text>
      )}
      {reasons.length > 0 && (
        <List.Root fontSize="sm" color="fg.muted" ps="5" data-testid="disabled-reasons">
          {reasons.map((r) => (
            <List.Item key={r}>{r}</List.Item>
          ))}
        </List.Root>
      )}
    </DocumentFooter>
  );
}

function ViewEstimates({ enabled }: { enabled: boolean }) {
  if (!enabled) {
    return (
      <Button variant="outline" disabled>
        View Estimates
      </Button>
    );
  }
  return (
    <Button asChild variant="outline">
      <RouterLink to="/view-estimates">View Estimates</RouterLink>
    </Button>
  );
}

/** Prints the saved estimate; off (null) until there is one this level may print. */
function PrintEstimate({ saved }: { saved: EstimateRow | null }) {
  const repos = useRepos();
  const pdf = useOpenPdf();
  const print = (est: EstimateRow) =>
    pdf.open(() => estimatePdfBlob(repos, est), `${estimateNumber(est).replace(/\s+/g, '-')}.pdf`);
  return (
    <Button variant="outline" onClick={() => saved && void print(saved)} loading={pdf.busy !== null} disabled={!saved}>
      Print Estimate
    </Button>
  );
}
