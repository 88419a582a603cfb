import { Box, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import {
  Boxes,
  CalendarDays,
  ChartColumn,
  ClipboardPlus,
  CreditCard,
  FilePlus,
  Files,
  LayoutDashboard,
  List,
  Package,
  ReceiptText,
  ScrollText,
  Settings,
  ShoppingCart,
  Truck,
  UserCog,
  UserPlus,
  Users,
  Wrench,
  type LucideIcon,
} from 'lucide-react';
import { useId } from 'react';
import { NavLink } from 'react-router-dom';
import { menuSections } from '../../domain/routes';

/**
 * One icon per menu entry, by path (the domain's route table says which group an entry is in; the icon is the
 * screen's business). Named imports only, so the bundle carries these 19 and no other (lucide-react tree-shakes).
 */
export const MENU_ICONS: Readonly<Record<string, LucideIcon>> = {
  '/dash': LayoutDashboard,
  '/view-request': Wrench,
  '/view-calendar': CalendarDays,
  '/make-request': ClipboardPlus,
  '/add-customer': UserPlus,
  '/view-customers': Users,
  '/view-invoices': ReceiptText,
  '/view-estimate': FilePlus,
  '/make-sale': ShoppingCart,
  '/view-estimates': Files,
  '/transactions': CreditCard,
  '/view-products': List,
  '/products': Package,
  '/view-suppliers': Truck,
  '/report': ChartColumn,
  '/view-sys-log': ScrollText,
  '/view-inventory-log': Boxes,
  '/view-team': UserCog,
  '/view-config': Settings,
};

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
          <Text id={`${id}-${section.id}`} px="3" pb="1" fontSize="xs" fontWeight="bold" textTransform="uppercase" letterSpacing="wide" color="fg.muted">
            {section.title}
          </Text>
          <Stack as="ul" gap="0.5" listStyleType="none" m="0" p="0">
            {section.routes.map((r) => {
              const Icon = MENU_ICONS[r.path];
              return (
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
                    css={{ '&[aria-current=page]': { bg: 'blue.100', borderColor: 'blue.700', color: 'blue.900', fontWeight: 'semibold' } }}
                  >
                    <NavLink to={r.path} onClick={onNavigate}>
                      {Icon && <Icon size={18} strokeWidth={2} />}
                      {r.title}
                    </NavLink>
                  </ChakraLink>
                </li>
              );
            })}
          </Stack>
        </Box>
      ))}
    </Stack>
  );
}
