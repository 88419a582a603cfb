import { CloseButton, Drawer, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * The one side-panel frame (Chakra's drawer: backdrop, positioner, content, title, body and close button), as
 * DialogFrame is for dialogs: the menu on a narrow screen and the decisions and refusals panel look and close alike.
 */
export function DrawerFrame({
  open,
  onOpenChange,
  title,
  placement,
  size,
  onExitComplete,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  placement?: Drawer.RootProps['placement'];
  size?: Drawer.RootProps['size'];
  /** once the drawer has closed and is gone, its scroll lock released */
  onExitComplete?: () => void;
  children: ReactNode;
}) {
  return (
    <Drawer.Root
      open={open}
      onOpenChange={(e) => onOpenChange(e.open)}
      placement={placement}
      size={size}
      onExitComplete={onExitComplete}
    >
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content>
            <Drawer.Header>
              <Drawer.Title>{title}</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>{children}</Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
