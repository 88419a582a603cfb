import { Alert } from '@chakra-ui/react';

/** A message the screen must announce (role="alert"): why a save failed, why an action is refused. Nothing when null. */
export function MessageAlert({
  message,
  testId,
  status = 'error',
}: {
  message: string | null;
  testId: string;
  status?: 'error' | 'warning';
}) {
  if (!message) return null;
  return (
    <Alert.Root status={status} role="alert" data-testid={testId}>
      <Alert.Indicator />
      <Alert.Title>{message}</Alert.Title>
    </Alert.Root>
  );
}
