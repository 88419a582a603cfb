import { Alert, Button, Field, Heading, HStack, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState, type FormEvent } from 'react';
import { AFTER_CLOSING, cashDifference } from '../../domain/cashup';
import { shopDay } from '../../domain/dates';
import { MSG } from '../../domain/messages';
import { cashups } from '../../domain/model/billing';
import { textMax } from '../../domain/model/fields';
import { formatUSD, parseMoneyInput, type Cents } from '../../domain/money';
import { can } from '../../domain/permissions';
import { differenceWords } from '../../domain/writes/cashups';
import type { CashupDay } from '../../local/repositories/cashups';
import { LocalWriteError } from '../../local/write';
import { useRepos } from '../data/DataProvider';
import { LoadingText } from '../feedback/DelayedSpinner';
import { notify } from '../feedback/toaster';
import { useSession } from '../session/session';
import { Section } from '../ui/Section';
import { useConfirm, type ConfirmOptions } from '../ui/confirm';
import { useShopTimeZone } from '../ui/useShopTimeZone';
import { AfterClosing, CashupMade, RecentCashups, TakingsTable, tillName } from './parts';

/**
 * The cash-up at closing (/cash-up, level 5; issue 18, beyond SPEC): pick the shop day (today by default), read the
 * takings the day's payments say by method — counted from the payments this device holds, which the server counts
 * again from every device's when the cash-up syncs —, enter the cash counted in the drawer, and close: the
 * difference, who closed and when are kept (a catalogue write: offline like everything else, and in the activity
 * log), printable on A4 or the 80 mm roll. One a day for the shop, or per device as the config sheet's
 * cashup_scope says. Closing asks first; once closed, the payments taken after it show apart, with the printout
 * (issue 30).
 */
export default function CashUp() {
  const repos = useRepos();
  const level = useSession()?.permission ?? 0;
  const tz = useShopTimeZone();
  const today = shopDay(new Date(), tz);
  const [picked, setPicked] = useState<string | null>(null);
  const day = picked ?? today;
  const shown = useLiveQuery(() => repos.cashups.day(day), [repos, day]);
  const recent = useLiveQuery(() => repos.cashups.recent(), [repos]);

  if (!can('cashup.close', level)) return null;
  return (
    <Stack gap="5" maxW="4xl">
      <Heading size="lg">Cash-up</Heading>
      <HStack gap="4" align="end" wrap="wrap">
        <Field.Root w="auto">
          <Field.Label>Day</Field.Label>
          <Input type="date" value={day} max={today} onChange={(e) => setPicked(e.target.value || null)} />
        </Field.Root>
        {shown && shown.day === day && (
          <Text color="fg.muted" data-testid="cashup-till">
            Till: {tillName(shown.till, shown.device)} · shop day in {shown.timeZone}
          </Text>
        )}
      </HStack>
      {!shown || shown.day !== day ? <LoadingText /> : <DayPanel shown={shown} />}
      <Section title="Cash-ups made">
        <RecentCashups rows={recent ?? []} here={shown?.device ?? ''} />
      </Section>
    </Stack>
  );
}

function DayPanel({ shown }: { shown: CashupDay }) {
  return (
    <>
      <Section title={`Expected takings, ${shown.day}`}>
        <TakingsTable sheet={shown.made ?? shown} payments={shown.made?.payments ?? shown.payments} />
        {!shown.made && (
          <Text fontSize="sm" color="fg.muted" mt="2">
            From the payments on this device; the server counts every device's payments again when the cash-up syncs.
          </Text>
        )}
      </Section>
      <Section title={shown.made ? 'Closed' : 'Count the drawer'}>
        {shown.made ? (
          <CashupMade cashup={shown.made} timeZone={shown.timeZone} after={shown.after} />
        ) : (
          <CloseForm shown={shown} />
        )}
      </Section>
      {shown.after && (
        <Section title={AFTER_CLOSING.title} testId="cashup-after-section">
          <AfterClosing after={shown.after} />
        </Section>
      )}
    </>
  );
}

/** "Close the day" asks first (issue 30): which day and till, the cash counted against the expected, the difference. */
function closeQuestion(shown: CashupDay, counted: Cents): ConfirmOptions {
  const difference = cashDifference(counted, shown.expected);
  return {
    title: 'Close the day',
    confirmLabel: 'Close the day',
    message: (
      <Stack gap="2" data-testid="cashup-confirm">
        <Text>
          Close {shown.day} for the till {tillName(shown.till, shown.device)}? The cash-up is kept as it is now and
          cannot be changed; payments taken after it show apart, as taken after closing.
        </Text>
        <Text>
          Counted cash <strong>{formatUSD(counted)}</strong> against <strong>{formatUSD(shown.expected.cash)}</strong>{' '}
          expected: <strong>{differenceWords(difference)}</strong> ({formatUSD(difference)}).
        </Text>
      </Stack>
    ),
  };
}

/** Check the count, ask, then close: the refusal to show under the form, if any, and whether a write runs. */
function useCloseDay(shown: CashupDay) {
  const repos = useRepos();
  const confirm = useConfirm();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function close(counted: string, note: string) {
    const entry = { day: shown.day, counted_cash: parseMoneyInput(counted) ?? '', note };
    setBusy(true);
    try {
      // the count is checked before the question, so the dialog shows the figure that will be kept
      const checked = await repos.cashups.check(entry);
      setError(null);
      if (!(await confirm(closeQuestion(shown, checked.counted_cash)))) return;
      await repos.cashups.close(entry);
      notify(MSG.cashupSaved);
    } catch (err) {
      if (!(err instanceof LocalWriteError)) throw err;
      setError(err.message);
    } finally {
      setBusy(false);
    }
  }
  return { close, error, busy };
}

function CloseForm({ shown }: { shown: CashupDay }) {
  const [counted, setCounted] = useState('');
  const [note, setNote] = useState('');
  const { close: closeDay, error, busy } = useCloseDay(shown);
  const close = (e: FormEvent) => {
    e.preventDefault();
    void closeDay(counted, note);
  };

  return (
    <form onSubmit={close} noValidate aria-label="Close the day">
      <Stack gap="4">
        <HStack gap="4" align="start" wrap="wrap">
          <Field.Root w={{ base: 'full', md: '56' }} invalid={!!error}>
            <Field.Label>Counted cash ($)</Field.Label>
            <Input
              inputMode="decimal"
              value={counted}
              onChange={(e) => setCounted(e.target.value)}
              autoComplete="off"
            />
          </Field.Root>
          <Field.Root flex="1" minW="56">
            <Field.Label>Note</Field.Label>
            <Textarea
              value={note}
              onChange={(e) => setNote(e.target.value)}
              rows={2}
              maxLength={textMax(cashups.fields.note)}
            />
          </Field.Root>
        </HStack>
        {error && (
          <Alert.Root status="error" role="alert" data-testid="cashup-error">
            <Alert.Indicator />
            <Alert.Title>{error}</Alert.Title>
          </Alert.Root>
        )}
        <HStack>
          <Button type="submit" colorPalette="blue" loading={busy}>
            Close the day
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
