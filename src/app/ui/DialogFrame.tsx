import { CloseButton, Dialog, Portal } from '@chakra-ui/react';
import type { FormEvent, ReactNode } from 'react';
import { useVisibleArea } from './useVisibleArea';

type RootProps = Omit<Dialog.RootProps, 'open' | 'onOpenChange' | 'children'>;

/**
 * The one dialog frame (Chakra's backdrop, positioner, content, title, body, footer and close button): every dialog
 * of the app is this frame with its own body and buttons, so they look and close alike. The title names the dialog
 * for assistive technology (role dialog, or alertdialog through `role`).
 * - `onSubmit`: header, body and footer are one form (noValidate; Enter submits, the submit button is in `footer`).
 * - `busy`: while a write runs the dialog cannot be closed (Escape, outside click, close button).
 * - `closeButton={false}`: only the footer's buttons close it (a question that must be answered).
 * It fits what the user sees (`useVisibleArea`: the visual viewport, less an on-screen keyboard): the body scrolls
 * between the title and the footer, so the footer's buttons stay in reach and the focused field in view.
 */
export function DialogFrame(
  props: RootProps & {
    open?: boolean;
    onClose: () => void;
    title: ReactNode;
    testId?: string;
    footer?: ReactNode;
    onSubmit?: () => void;
    busy?: boolean;
    closeButton?: boolean;
    children?: ReactNode;
  },
) {
  const {
    open = true,
    onClose,
    title,
    testId,
    footer,
    onSubmit,
    busy = false,
    closeButton = true,
    children,
    ...root
  } = props;
  const area = useVisibleArea(open);
  const inner = (
    <>
      <Dialog.Header>
        <Dialog.Title>{title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>{children}</Dialog.Body>
      {footer && <Dialog.Footer flexWrap="wrap">{footer}</Dialog.Footer>}
    </>
  );
  return (
    <Dialog.Root
      placement="center"
      scrollBehavior="inside"
      {...root}
      open={open}
      onOpenChange={(e) => !e.open && !busy && onClose()}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner {...(area && { h: `${area.height}px`, top: `${area.offsetTop}px` })}>
          <Dialog.Content data-testid={testId}>
            {onSubmit ? <FormRows onSubmit={onSubmit}>{inner}</FormRows> : inner}
            {closeButton && (
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" disabled={busy} />
              </Dialog.CloseTrigger>
            )}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** Header, body and footer as one form (Enter submits); display: contents keeps them the content's own rows, so only the body scrolls. */
function FormRows({ onSubmit, children }: { onSubmit: () => void; children: ReactNode }) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  return (
    <form onSubmit={submit} noValidate style={{ display: 'contents' }}>
      {children}
    </form>
  );
}
