import { Alert, Button, Flex, HStack, Stack } from '@chakra-ui/react';
import { Summary, type SummaryFigures } from './Summary';

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
    <Flex
      gap="4"
      justify="space-between"
      align={{ base: 'stretch', md: 'flex-end' }}
      direction={{ base: 'column', md: 'row' }}
    >
      <Stack gap="3" flex="1">
        {props.error && (
          <Alert.Root status="error" role="alert" data-testid="save-error">
            <Alert.Indicator />
            <Alert.Title>{props.error}</Alert.Title>
          </Alert.Root>
        )}
        <HStack gap="3">
          <Button variant="outline" onClick={props.onBack}>
            Go Back
          </Button>
          <Button colorPalette="blue" minW="28" onClick={props.onSave} loading={props.busy} disabled={props.disabled}>
            Save
          </Button>
        </HStack>
      </Stack>
      <Summary figures={props.figures} />
    </Flex>
  );
}
