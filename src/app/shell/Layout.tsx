import { Box, Button, Flex, Text } from '@chakra-ui/react';
import { Suspense, lazy, useRef, useState, type RefObject } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { placeOf } from '../../domain/routes';
import { DelayedSpinner } from '../feedback/DelayedSpinner';
import { useLocked } from '../session/lock';
import { endSession, useSession, type SessionUser } from '../session/session';
import { UserName } from '../session/UserName';
import { Footer } from './Footer';
import { HEADER_BG, ON_HEADER } from './header';
import { InstallButton } from './InstallButton';
import { Menu } from './Menu';
import { StorageNotice } from './StorageNotice';
import { InsecureNotice } from './InsecureNotice';
import { UpdatePrompt } from './UpdatePrompt';
import { DrawerFrame } from '../ui/DrawerFrame';

// it reads the outbox through the sync engine, so it comes with the data layer's chunk (data/context.tsx); the
// header, the menu and the screen's frame paint without waiting for either
const SyncStatus = lazy(() => import('./SyncStatus').then((m) => ({ default: m.SyncStatus })));
// quick switch on a shared tablet (issue 18): the PIN store comes with the data layer too
const QuickSwitch = lazy(() => import('../session/QuickSwitch'));
const LockScreen = lazy(() => import('../session/LockScreen'));

/** "Money › Invoice": where the user is, in the header, so it shows on a tablet with the menu folded away too. */
function CurrentPlace() {
  const place = placeOf(useLocation().pathname);
  if (!place) return null;
  return (
    // it takes the room left in the header's row; in a full one (a tablet on its side) it gives way, as the sync
    // status does, and wraps; where the header wraps it never pushes the buttons onto the next row
    <Text fontSize="sm" data-testid="current-place" flex={{ base: '1 1 0', lg: '1 1 auto' }}>
      {place.group ? `${place.group} › ${place.title}` : place.title}
    </Text>
  );
}

/**
 * The frame of every screen: menu by level (SPEC §6), where the user is, user, logout, sync status, storage notice,
 * install button, footer. A "Skip to content" button comes first for keyboard users (it shows when focused).
 */
export function Layout() {
  const user = useSession();
  const [open, setOpen] = useState(false);
  const main = useRef<HTMLElement>(null);
  const locked = useLocked();
  const level = user?.permission ?? 0;
  // a locked tablet shows "Who is working?" instead of any screen, whoever is (or is no longer) signed in
  if (locked)
    return (
      <Suspense fallback={<DelayedSpinner />}>
        <LockScreen />
      </Suspense>
    );
  return (
    <Flex direction="column" minH="100vh">
      <SkipToContent main={main} />
      <Header user={user} onMenu={() => setOpen(true)} />
      <InsecureNotice />
      <Suspense fallback={null}>
        <StorageNotice />
      </Suspense>
      <Flex flex="1">
        <Box as="aside" display={{ base: 'none', lg: 'block' }} w="230px" flexShrink="0" borderRightWidth="1px" p="3">
          <Menu level={level} />
        </Box>
        <Box as="main" ref={main} tabIndex={-1} flex="1" p={{ base: '3', md: '6' }} minW="0" outline="none">
          <Suspense fallback={null}>
            <UpdatePrompt />
          </Suspense>
          <Outlet />
        </Box>
      </Flex>
      <Footer />
      <MenuDrawer open={open} onOpenChange={setOpen} level={level} />
    </Flex>
  );
}

/** "Skip to content": the first stop for keyboard users, shown only when focused. */
function SkipToContent({ main }: { main: RefObject<HTMLElement | null> }) {
  return (
    <Button
      position="absolute"
      top="1"
      left="1"
      zIndex="skipNav"
      size="sm"
      transform="translateY(-200%)"
      _focusVisible={{ transform: 'none' }}
      onClick={() => main.current?.focus()}
    >
      Skip to content
    </Button>
  );
}

/** The header: Menu (on a tablet), BayBook, where the user is, the sync status, install, the user, Logout. */
function Header({ user, onMenu }: { user: SessionUser | null; onMenu: () => void }) {
  const navigate = useNavigate();
  const logout = async () => {
    // the token and the device's session end together; the outbox stays
    await endSession('logout');
    void navigate('/login', { replace: true });
  };
  // one row on a tablet on its side and wider (issue 15: Logout fell onto a second row at 1024 px): the logo and the
  // buttons keep their size, the place and the sync status wrap inside their own boxes. Narrower (a tablet held
  // upright), the sync status takes a row of its own under the rest.
  return (
    <Flex
      as="header"
      align="center"
      gap="3"
      px="4"
      py="2"
      bg={HEADER_BG}
      color="white"
      wrap={{ base: 'wrap', lg: 'nowrap' }}
    >
      <Button {...ON_HEADER} display={{ lg: 'none' }} flexShrink="0" onClick={onMenu} aria-label="Open menu">
        Menu
      </Button>
      <Text fontWeight="bold" fontSize="lg" flexShrink="0">
        BayBook
      </Text>
      <CurrentPlace />
      <Flex
        ml={{ lg: 'auto' }}
        order={{ base: 1, lg: 0 }}
        flexBasis={{ base: 'full', lg: 'auto' }}
        minW={{ lg: '12rem' }}
        justify="flex-end"
      >
        <Suspense fallback={null}>
          <Box bg="white" color="black" px="2" py="1" borderRadius="md" minW="0">
            <SyncStatus />
          </Box>
        </Suspense>
      </Flex>
      <InstallButton />
      <Suspense fallback={<UserName user={user} />}>
        <QuickSwitch user={user} />
      </Suspense>
      <Button {...ON_HEADER} flexShrink="0" onClick={() => void logout()}>
        Logout
      </Button>
    </Flex>
  );
}

/** The menu as a drawer, where the screen has no room for it beside the content. */
function MenuDrawer({
  open,
  onOpenChange,
  level,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  level: number;
}) {
  // A choice here opens a new screen, at its top (router.tsx). On an iPad the drawer's scroll lock puts the page back
  // where it was as the drawer closes, after the router's scroll: the new screen showed the old one's position, blank
  // below a short screen. So the page goes to the top again once the drawer is gone.
  const chosen = useRef(false);
  const closed = () => {
    if (chosen.current) window.scrollTo(0, 0);
    chosen.current = false;
  };
  return (
    <DrawerFrame open={open} onOpenChange={onOpenChange} title="BayBook" placement="start" onExitComplete={closed}>
      <Menu
        level={level}
        onNavigate={() => {
          chosen.current = true;
          onOpenChange(false);
        }}
      />
    </DrawerFrame>
  );
}
