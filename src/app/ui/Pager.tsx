import { Button, HStack, NativeSelect, Text } from '@chakra-ui/react';

/**
 * A table's footer: rows per page (SPEC §9 sizes; none offered while the rows fit on one page of the smallest,
 * table/paging.ts), "11–20 of 57", Previous and Next.
 */
export function Pager(props: {
  pageSize: number;
  offered: readonly number[] | null;
  onPageSize: (n: number) => void;
  info: string;
  canPrev: boolean;
  canNext: boolean;
  onPrev: () => void;
  onNext: () => void;
}) {
  return (
    <HStack gap="2" justify="flex-end" wrap="wrap" fontSize="sm">
      {props.offered && <PageSizes sizes={props.offered} pageSize={props.pageSize} onPageSize={props.onPageSize} />}
      <Text data-testid="page-info">{props.info}</Text>
      {/* the arrows alone name these buttons to the eye: at the xs size's 12 px they were specks on a tablet */}
      <Button
        size="xs"
        variant="outline"
        onClick={props.onPrev}
        disabled={!props.canPrev}
        aria-label="Previous page"
        fontSize="lg"
      >
        ‹
      </Button>
      <Button
        size="xs"
        variant="outline"
        onClick={props.onNext}
        disabled={!props.canNext}
        aria-label="Next page"
        fontSize="lg"
      >
        ›
      </Button>
    </HStack>
  );
}

function PageSizes(props: { sizes: readonly number[]; pageSize: number; onPageSize: (n: number) => void }) {
  return (
    <>
      <Text>Rows per page</Text>
      <NativeSelect.Root size="xs" width="auto">
        <NativeSelect.Field
          aria-label="Rows per page"
          value={props.pageSize}
          onChange={(e) => props.onPageSize(Number(e.target.value))}
        >
          {props.sizes.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </>
  );
}
