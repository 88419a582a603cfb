import { Box, Button, Heading, Text } from '@chakra-ui/react';
import { isRouteErrorResponse, useNavigate, useRouteError } from 'react-router-dom';
import { MSG } from '../../domain/messages';

/** SPEC §2 fallback: 'Something went wrong:' with the message and a Try again button back to /. */
export function ErrorScreen() {
  const error = useRouteError();
  const navigate = useNavigate();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <Box p="8" role="alert">
      <Heading size="md">{MSG.fallbackError}</Heading>
      <Text my="3">{message}</Text>
      <Button onClick={() => void navigate('/', { replace: true })}>Try again</Button>
    </Box>
  );
}
