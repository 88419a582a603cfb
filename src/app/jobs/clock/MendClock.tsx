import { Button, Field, Input } from '@chakra-ui/react';
import { useState } from 'react';
import type { CountedStretch } from '../../../domain/clockReport';
import { BOOKING_FORMAT, formatShop, parseBooking } from '../../../domain/dates';
import { MSG } from '../../../domain/messages';
import { can } from '../../../domain/permissions';
import { useRepos } from '../../data/DataProvider';
import { errorMessage, notify } from '../../feedback/toaster';
import { useSession } from '../../session/session';
import { DialogFrame } from '../../ui/DialogFrame';

/** The browser's datetime-local value ('2026-03-02T17:30') of an instant in the shop's zone. */
const LOCAL_INPUT = "yyyy-MM-dd'T'HH:mm";

function MendDialog({ c, timeZone, onClose }: { c: CountedStretch; timeZone: string; onClose: () => void }) {
  const repos = useRepos();
  // what the hours count now (closing) is the first guess; the desk puts the real stop
  const [value, setValue] = useState(() => formatShop(new Date(c.to), timeZone, LOCAL_INPUT));
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      await repos.clock.mend(c.entry.id, parseBooking(value.replace('T', ' '), timeZone) ?? '');
      notify(MSG.clockMended);
      onClose();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  const footer = (
    <>
      <Button size="lg" variant="outline" onClick={onClose} disabled={busy}>
        Cancel
      </Button>
      <Button size="lg" type="submit" colorPalette="blue" loading={busy}>
        Mend
      </Button>
    </>
  );
  const started = formatShop(c.entry.started_at, timeZone, BOOKING_FORMAT);
  return (
    <DialogFrame
      title={`Mend ${c.entry.username}'s clock`}
      testId="mend-clock"
      onClose={onClose}
      onSubmit={() => void save()}
      busy={busy}
      footer={footer}
    >
      <Field.Root invalid={!!error}>
        <Field.Label>When did the clock really stop? (started {started})</Field.Label>
        <Input size="lg" type="datetime-local" value={value} onChange={(e) => setValue(e.target.value)} autoFocus />
        <Field.ErrorText>{error}</Field.ErrorText>
      </Field.Root>
    </DialogFrame>
  );
}

/**
 * "Mend" on a clock flagged past closing (issue 18): the desk (level 4, the level that edits the invoice the hours
 * feed) gives the stretch its real stop; offline like any write (src/domain/writes/clockMend.ts).
 */
export function MendClock({ c, timeZone }: { c: CountedStretch; timeZone: string }) {
  const session = useSession();
  const [open, setOpen] = useState(false);
  if (!can('invoice.edit', session?.permission)) return null;
  return (
    <>
      <Button size="md" minH="11" variant="outline" colorPalette="orange" onClick={() => setOpen(true)}>
        Mend
      </Button>
      {open && <MendDialog c={c} timeZone={timeZone} onClose={() => setOpen(false)} />}
    </>
  );
}
