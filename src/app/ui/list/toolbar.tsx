import { Button, HStack } from '@chakra-ui/react';
import { useRefresh } from '../refresh';

/** One of a screen's filter buttons: the value its reads take, the word on the button. */
export interface FilterChoice<F extends string> {
  value: F;
  label: string;
}

/** A list's own filter (the Invoices' All, Due and Paid): one button pressed at a time. */
export function FilterButtons<F extends string>(props: {
  label: string;
  choices: readonly FilterChoice<F>[];
  picked: F;
  onPick: (f: F) => void;
}) {
  return (
    <HStack gap="1" role="group" aria-label={props.label}>
      {props.choices.map((f) => (
        <Button
          key={f.value}
          size="sm"
          variant={props.picked === f.value ? 'solid' : 'outline'}
          aria-pressed={props.picked === f.value}
          onClick={() => props.onPick(f.value)}
        >
          {f.label}
        </Button>
      ))}
    </HStack>
  );
}

/** Refresh: a sync now (useRefresh says what an offline one tells). */
export function RefreshButton({ what }: { what: string }) {
  const { refreshing, refresh } = useRefresh(what);
  return (
    <Button size="sm" variant="outline" onClick={() => void refresh()} loading={refreshing}>
      Refresh
    </Button>
  );
}
