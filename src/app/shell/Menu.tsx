import { Box, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { Suspense, lazy, useId } from 'react';
import { NavLink } from 'react-router-dom';
import { menuSections } from '../../domain/routes';
import { touchTarget } from '../ui/theme';

// the icons come in a chunk of their own, a moment after the menu's text (precached, so offline too): lucide's
// runtime and 19 icons were 3.9 KB gzip of the first load; until they are there, a blank of the same size holds the place
const RouteIcon = lazy(() => import('./RouteIcon'));
const ICON_SIZE = 18;

/**
 * The main menu (SPEC §6 by level, issue 15): the entries this level may open, grouped as a shop reads them, each
 * with its icon. The current screen's entry is marked (NavLink sets aria-current="page"; the style keys on it, so
 * what is shown and what a screen reader hears cannot differ). Plain links in lists: Tab and Enter work as in any
 * page, and each group is a labelled group for a screen reader.
 */
export function Menu({ level, onNavigate }: { level: number; onNavigate?: () => void }) {
  // the menu is drawn twice (side panel and drawer): ids stay unique
  const id = useId();
  return (
    <Stack as="nav" aria-label="Main menu" gap="4">
      {menuSections(level).map((section) => (
        <Box key={section.id} role="group" aria-labelledby={`${id}-${section.id}`}>
          <Text
            id={`${id}-${section.id}`}
            px="3"
            pb="1"
            fontSize="xs"
            fontWeight="bold"
            textTransform="uppercase"
            letterSpacing="wide"
            color="fg.muted"
          >
            {section.title}
          </Text>
          <Stack as="ul" gap="0.5" listStyleType="none" m="0" p="0">
            {section.routes.map((r) => (
              <li key={r.path}>
                <ChakraLink
                  asChild
                  display="flex"
                  alignItems="center"
                  gap="2.5"
                  px="3"
                  py="2"
                  borderRadius="md"
                  borderLeftWidth="3px"
                  borderColor="transparent"
                  color="fg"
                  textDecoration="none"
                  _hover={{ bg: 'blue.50', textDecoration: 'none' }}
                  css={{
                    ...touchTarget,
                    '&[aria-current=page]': {
                      bg: 'blue.100',
                      borderColor: 'blue.700',
                      color: 'blue.900',
                      fontWeight: 'semibold',
                    },
                  }}
                >
                  <NavLink to={r.path} onClick={onNavigate}>
                    <Suspense fallback={<Box as="span" w={`${ICON_SIZE}px`} h={`${ICON_SIZE}px`} flexShrink="0" />}>
                      <RouteIcon path={r.path} size={ICON_SIZE} />
                    </Suspense>
                    {r.title}
                  </NavLink>
                </ChakraLink>
              </li>
            ))}
          </Stack>
        </Box>
      ))}
    </Stack>
  );
}
