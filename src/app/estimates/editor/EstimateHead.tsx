import { Alert, Badge, Flex, Heading } from '@chakra-ui/react';
import { estimateNumber } from '../../../domain/invoiceFields';
import type { EstimateRow } from '../../../local/repositories/estimates';

/** The estimate's title and number, whether it has unsaved changes, and why this level cannot save or what changed. */
export function EstimateHead({
  saved,
  dirty,
  levelNotice,
  changedElsewhere,
}: {
  saved: EstimateRow | null;
  dirty: boolean;
  levelNotice: string | null;
  changedElsewhere: boolean;
}) {
  return (
    <>
      <Flex align="center" gap="3" wrap="wrap">
        <Heading size="lg">{saved ? 'Estimate' : 'Generate Estimate'}</Heading>
        {saved && (
          <Badge size="lg" colorPalette="blue">
            {estimateNumber(saved)}
          </Badge>
        )}
        {dirty && <Badge colorPalette="orange">Unsaved changes</Badge>}
      </Flex>
      {levelNotice && (
        <Alert.Root status="info" data-testid="level-notice">
          <Alert.Indicator />
          <Alert.Description>{levelNotice}</Alert.Description>
        </Alert.Root>
      )}
      {changedElsewhere && (
        <Alert.Root status="warning" data-testid="changed-notice">
          <Alert.Indicator />
          <Alert.Description>
            This estimate was changed on another device while you were editing. Save Changes keeps your version.
          </Alert.Description>
        </Alert.Root>
      )}
    </>
  );
}
