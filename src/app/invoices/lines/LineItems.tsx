import { addLine } from '../../../domain/totals';
import { LinesTable } from './LinesTable';
import { ProductPicker } from './ProductPicker';
import type { Line } from './types';

/**
 * The product picker over the lines table: what every document with products shows (invoice editor, estimate editor,
 * Create Invoice, Make Sale). A picked product goes on with the domain's addLine; `onAdded` runs after it (to clear a
 * stale message). Where the document is read-only, the picker is disabled, or left out with `hidePickerWhenReadOnly`.
 */
export function LineItems({
  lines,
  stockOf,
  readOnly,
  onChange,
  onAdded,
  hidePickerWhenReadOnly = false,
}: {
  lines: Line[];
  stockOf: (id: string) => number | undefined;
  readOnly: boolean;
  onChange: (lines: Line[]) => void;
  onAdded?: () => void;
  hidePickerWhenReadOnly?: boolean;
}) {
  return (
    <>
      {!(readOnly && hidePickerWhenReadOnly) && (
        <ProductPicker
          disabled={readOnly}
          lines={lines}
          stockOf={stockOf}
          onAdd={(line) => {
            onChange(addLine(lines, line));
            onAdded?.();
          }}
        />
      )}
      <LinesTable lines={lines} onChange={onChange} readOnly={readOnly} stockOf={stockOf} />
    </>
  );
}
