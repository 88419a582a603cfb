import { Box, Heading, Text } from '@chakra-ui/react';
import { findRoute } from '../../domain/routes';

/** A screen that is not built yet says so by name: never a blank page. */
export function Placeholder({ path }: { path: string }) {
  const route = findRoute(path);
  return (
    <Box data-testid="placeholder">
      <Heading size="lg">{route?.title ?? path}</Heading>
      <Text mt="2" color="fg.muted">
        This screen is being built.
      </Text>
    </Box>
  );
}
