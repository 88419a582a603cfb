import { Button, Flex, HStack, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { MessageAlert } from '../../feedback/MessageAlert';
import { Summary, type SummaryFigures } from './Summary';

/** The foot of a document's form: why it could not be saved, its buttons (children), and the summary beside them. */
export function DocumentFooter({
  error,
  figures,
  children,
}: {
  error: string | null;
  figures: SummaryFigures;
  children: ReactNode;
}) {
  return (
    <Flex
      gap="4"
      justify="space-between"
      align={{ base: 'stretch', md: 'flex-end' }}
      direction={{ base: 'column', md: 'row' }}
    >
      <Stack gap="3" flex="1">
        <MessageAlert message={error} testId="save-error" />
        {children}
      </Stack>
      <Summary figures={figures} />
    </Flex>
  );
}

/** The foot of a new invoice (Create Invoice, Make Sale): why it could not be saved, Go Back, Save, the summary. */
export function SaveFooter(props: {
  error: string | null;
  onBack: () => void;
  onSave: () => void;
  busy: boolean;
  disabled: boolean;
  figures: SummaryFigures;
}) {
  return (
    <DocumentFooter error={props.error} figures={props.figures}>
      <HStack gap="3">
        <Button variant="outline" onClick={props.onBack}>
          Go Back
        </Button>
        <Button colorPalette="blue" minW="28" onClick={props.onSave} loading={props.busy} disabled={props.disabled}>
          Save
        </Button>
      </HStack>
    </DocumentFooter>
  );
}
