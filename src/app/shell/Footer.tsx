import { Box } from '@chakra-ui/react';
import { CURRENT_BUILD } from './buildCheck';

/** SPEC §1: 'Version: 3.0 / build:' plus the build number the build injected; on every page, the login too. */
export function Footer() {
  return (
    <Box as="footer" px="4" py="2" borderTopWidth="1px" fontSize="xs" color="fg.muted" data-testid="footer">
      Version: 3.0 / build: {CURRENT_BUILD}
    </Box>
  );
}
