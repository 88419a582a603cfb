import { Button, Field, Grid, Input, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';

const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', 'Clear', '0', 'OK'] as const;

/**
 * A PIN typed with a finger on a tablet: a 3 × 4 keypad of 64 px keys (1–9, Clear, 0, OK), and the field itself
 * for a keyboard (digits only, at most 6; Enter is OK). The PIN is shown as dots.
 */
export function PinPad({
  label,
  busy,
  error,
  onSubmit,
}: {
  label: string;
  busy: boolean;
  error: string;
  onSubmit: (pin: string) => void;
}) {
  const [pin, setPin] = useState('');
  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    if (busy || !pin) return;
    const typed = pin;
    setPin('');
    onSubmit(typed);
  };
  const press = (key: (typeof KEYS)[number]) => {
    if (key === 'OK') submit();
    else if (key === 'Clear') setPin('');
    else setPin((p) => (p.length < 6 ? p + key : p));
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="4" align="stretch" maxW="20rem" mx="auto">
        <Field.Root invalid={!!error}>
          <Field.Label>{label}</Field.Label>
          <Input
            type="password"
            inputMode="numeric"
            autoComplete="off"
            autoFocus
            size="xl"
            textAlign="center"
            fontSize="2xl"
            letterSpacing="0.5em"
            value={pin}
            onChange={(e) => setPin(e.target.value.replace(/\D/g, '').slice(0, 6))}
          />
        </Field.Root>
        {error && (
          <Text color="red.600" role="alert">
            {error}
          </Text>
        )}
        <Keypad busy={busy} onPress={press} />
      </Stack>
    </form>
  );
}

/** The 3 × 4 keys, 64 px high: OK shows the check running; no key works meanwhile. */
function Keypad({ busy, onPress }: { busy: boolean; onPress: (key: (typeof KEYS)[number]) => void }) {
  return (
    <Grid templateColumns="repeat(3, 1fr)" gap="3">
      {KEYS.map((key) => (
        <Button
          key={key}
          type="button"
          h="16"
          fontSize={key.length > 1 ? 'lg' : '2xl'}
          variant={key === 'OK' ? 'solid' : 'outline'}
          colorPalette={key === 'OK' ? 'blue' : 'gray'}
          loading={key === 'OK' && busy}
          disabled={busy}
          aria-label={key.length > 1 ? key : `Digit ${key}`}
          onClick={() => onPress(key)}
        >
          {key}
        </Button>
      ))}
    </Grid>
  );
}
