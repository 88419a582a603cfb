import { Button, Field, Input, Stack, Text } from '@chakra-ui/react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { QUICK_SWITCH_WORDS, idleLockMs, pinFormatError } from '../../domain/quickSwitch';
import { pinStore } from '../../local/pins';
import { useData } from '../data/context';
import { notify } from '../feedback/toaster';
import { ON_HEADER } from '../shell/header';
import { DialogFrame } from '../ui/DialogFrame';
import { lockDevice } from './lock';
import type { SessionUser } from './session';
import { UserName } from './UserName';
import { useIdleLock } from './useIdleLock';

const pinInput = { type: 'password', inputMode: 'numeric', autoComplete: 'off', maxLength: 6 } as const;

/** The new PIN twice (digits only), and why it was refused. */
function PinFields(props: {
  pin: string;
  again: string;
  error: string;
  onPin: (pin: string) => void;
  onAgain: (pin: string) => void;
}) {
  const digits = (set: (pin: string) => void) => (e: { target: { value: string } }) =>
    set(e.target.value.replace(/\D/g, ''));
  return (
    <>
      <Field.Root invalid={!!props.error}>
        <Field.Label>New PIN</Field.Label>
        <Input {...pinInput} autoFocus value={props.pin} onChange={digits(props.onPin)} />
      </Field.Root>
      <Field.Root invalid={!!props.error}>
        <Field.Label>New PIN again</Field.Label>
        <Input {...pinInput} value={props.again} onChange={digits(props.onAgain)} />
        <Field.ErrorText>{props.error}</Field.ErrorText>
      </Field.Root>
    </>
  );
}

/** Set, change or forget one's PIN on this device, and lock it now. */
function PinDialog({ username, hasPin, onClose }: { username: string; hasPin: boolean; onClose: () => void }) {
  const { db } = useData();
  const [pin, setPin] = useState('');
  const [again, setAgain] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const save = async () => {
    const bad = pinFormatError(pin) ?? (pin === again ? null : QUICK_SWITCH_WORDS.pinRepeat);
    if (bad) return setError(bad);
    setBusy(true);
    try {
      await pinStore(db).set(username, pin);
      notify(QUICK_SWITCH_WORDS.pinSet);
      onClose();
    } finally {
      setBusy(false);
    }
  };
  const forget = async () => {
    await pinStore(db).forget(username);
    notify(QUICK_SWITCH_WORDS.pinForgottenByYou, 'info');
    onClose();
  };
  return (
    <DialogFrame
      title="Quick switch on this device"
      testId="pin-dialog"
      onClose={onClose}
      onSubmit={() => void save()}
      busy={busy}
      footer={
        <>
          {hasPin && (
            <Button variant="outline" colorPalette="red" onClick={() => void forget()}>
              Forget my PIN
            </Button>
          )}
          <Button type="submit" colorPalette="blue" loading={busy}>
            {hasPin ? 'Change PIN' : 'Set PIN'}
          </Button>
        </>
      }
    >
      <Stack gap="4">
        <Text>
          With a PIN of 4 to 6 digits you come back to your own session on this device from the Who is working? screen.
          The PIN is kept on this device only; {QUICK_SWITCH_WORDS.pinForgotten.toLowerCase()} after 5 wrong ones.
        </Text>
        <PinFields pin={pin} again={again} error={error} onPin={setPin} onAgain={setAgain} />
      </Stack>
    </DialogFrame>
  );
}

/**
 * The header's part of quick switch (issue 18), loaded with the data layer: the signed-in member's name opens the
 * PIN dialog (so the header looks as SPEC has it until someone sets a PIN); once a PIN is set on this device a Lock
 * button shows, and the shop's idle time (Config `lock_idle_minutes`, off by default) locks it by itself. Logout
 * forgets the member's PIN here (the engine's signOut, called by DataProvider: also when this code never loaded).
 */
export default function QuickSwitch({ user }: { user: SessionUser | null }) {
  const { db, repos } = useData();
  const members = useLiveQuery(() => pinStore(db).members(), [db]);
  const settings = useLiveQuery(() => repos.config.settings(), [repos]);
  const [open, setOpen] = useState(false);
  const shared = (members?.length ?? 0) > 0;
  useIdleLock(settings ? idleLockMs(settings, members?.length ?? 0) : 0);
  if (!user) return null;
  return (
    <>
      <Button
        variant="plain"
        color="inherit"
        size="sm"
        px="0"
        h="auto"
        flexShrink="1"
        minW="0"
        whiteSpace="normal"
        textAlign="start"
        // the name reads as the header's text did (a button's heavier weight widened it past the 1024 px row)
        fontWeight="normal"
        onClick={() => setOpen(true)}
        title="Quick switch: your PIN on this device"
      >
        <UserName user={user} />
      </Button>
      {shared && (
        <Button {...ON_HEADER} flexShrink="0" onClick={lockDevice}>
          Lock
        </Button>
      )}
      {open && (
        <PinDialog
          username={user.username}
          hasPin={!!members?.includes(user.username)}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
