import { Box, Button, CloseButton, Drawer, Flex, Link as ChakraLink, Portal, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { NavLink, Outlet, useNavigate } from 'react-router-dom';
import { LEVEL_NAMES, isLevel } from '../../domain/levels';
import { menuRoutes } from '../../domain/routes';
import { endSession, useSession } from '../session/session';
import { Footer } from './Footer';
import { InstallButton } from './InstallButton';
import { SyncStatus } from './SyncStatus';
import { UpdatePrompt } from './UpdatePrompt';

function Menu({ level, onNavigate }: { level: number; onNavigate?: () => void }) {
  return (
    <Stack as="nav" aria-label="Main menu" gap="1">
      {menuRoutes(level).map((r) => (
        <ChakraLink key={r.path} asChild px="3" py="2" borderRadius="md" _hover={{ bg: 'blue.50' }} css={{ '&.active': { bg: 'blue.100', fontWeight: 'semibold' } }}>
          <NavLink to={r.path} onClick={onNavigate}>
            {r.title}
          </NavLink>
        </ChakraLink>
      ))}
    </Stack>
  );
}

/** The frame of every screen: menu by level (SPEC §6), user, logout, sync status, install button, footer. */
export function Layout() {
  const user = useSession();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const level = user?.permission ?? 0;
  const logout = async () => {
    // the token and the device's session end together; the outbox stays
    await endSession('logout');
    navigate('/login', { replace: true });
  };
  return (
    <Flex direction="column" minH="100vh">
      <Flex as="header" align="center" gap="3" px="4" py="2" bg="#1f4e79" color="white" wrap="wrap">
        <Button display={{ lg: 'none' }} size="sm" variant="outline" color="white" onClick={() => setOpen(true)} aria-label="Open menu">
          Menu
        </Button>
        <Text fontWeight="bold" fontSize="lg">
          BayBook
        </Text>
        <Box flex="1" />
        <Box bg="white" color="black" px="2" py="1" borderRadius="md">
          <SyncStatus />
        </Box>
        <InstallButton />
        <Text fontSize="sm" data-testid="current-user">
          {user?.username} {isLevel(level) && LEVEL_NAMES[level] ? `(${LEVEL_NAMES[level]})` : ''}
        </Text>
        <Button size="sm" variant="outline" color="white" onClick={logout}>
          Logout
        </Button>
      </Flex>
      <Flex flex="1">
        <Box as="aside" display={{ base: 'none', lg: 'block' }} w="220px" borderRightWidth="1px" p="3">
          <Menu level={level} />
        </Box>
        <Box as="main" flex="1" p={{ base: '3', md: '6' }} minW="0">
          <UpdatePrompt />
          <Outlet />
        </Box>
      </Flex>
      <Footer />
      <Drawer.Root open={open} onOpenChange={(e) => setOpen(e.open)} placement="start">
        <Portal>
          <Drawer.Backdrop />
          <Drawer.Positioner>
            <Drawer.Content>
              <Drawer.Header>
                <Drawer.Title>BayBook</Drawer.Title>
              </Drawer.Header>
              <Drawer.Body>
                <Menu level={level} onNavigate={() => setOpen(false)} />
              </Drawer.Body>
              <Drawer.CloseTrigger asChild>
                <CloseButton size="sm" />
              </Drawer.CloseTrigger>
            </Drawer.Content>
          </Drawer.Positioner>
        </Portal>
      </Drawer.Root>
    </Flex>
  );
}
