import { Box, Flex, Heading } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A titled, bordered part of a form screen (Make Service Request, Create Invoice, the estimate editor), named by its title. */
export function Section({
  title,
  children,
  right,
  testId,
}: {
  title: string;
  children: ReactNode;
  right?: ReactNode;
  testId?: string;
}) {
  return (
    <Box
      as="section"
      borderWidth="1px"
      borderRadius="lg"
      p={{ base: '3', md: '5' }}
      aria-label={title}
      data-testid={testId}
    >
      <Flex align="center" justify="space-between" gap="3" mb="4" wrap="wrap">
        <Heading size="md">{title}</Heading>
        {right}
      </Flex>
      {children}
    </Box>
  );
}
