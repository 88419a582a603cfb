import type { SystemStyleObject } from '@chakra-ui/react';
import { touchTarget } from '../theme';

/**
 * The table body's look, as one style object on the table (docs/PERFORMANCE.md "Jobs screen at shop size"): the body's
 * rows, cells and expand buttons are plain <tr>, <td> and <button> elements styled from here, not Chakra components
 * each resolving its own style props — a page of rows is a hundred-odd cells, and resolving their styles one by one was
 * most of what drawing a page of the job table cost. The values are Chakra's table recipe at `size="sm"`,
 * `variant="line"` and its ghost `2xs` icon button, so the rows look as Table.Row / Table.Cell / IconButton drew them.
 * Child combinators keep them off a table inside an expanded row's panel.
 */
export const BODY_CSS: SystemStyleObject = {
  '& > tbody > tr': { bg: 'bg' },
  '& > tbody > tr > td': { textAlign: 'start', px: '2', py: '2', borderBottomWidth: '1px' },
  '& > tbody > tr > td > button[data-expand]': {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    h: '6',
    minW: '6',
    textStyle: 'xs',
    lineHeight: '1.2',
    fontWeight: 'medium',
    borderRadius: 'l2',
    bg: 'transparent',
    color: 'gray.fg',
    cursor: 'button',
    focusVisibleRing: 'outside',
    _hover: { bg: 'gray.subtle' },
    ...touchTarget,
  },
};

/** A row's marks: data-* attributes on its <tr> that the table's `RowMarks.css` colours. */
export type RowAttrs = Record<`data-${string}`, string>;

/** Coloured rows (status colours, blocked customers pink, low stock amber): a mark per row, one style per table. */
export interface RowMarks<T> {
  attrs: (row: T) => RowAttrs | undefined;
  css: SystemStyleObject;
}

/**
 * The style for rows whose `attr` holds one of `tints`' keys: that key's background, and its `hover` background when
 * given (more specific than the table's own hover, so a tinted row keeps its tint unless it says otherwise).
 */
export function rowTints(
  attr: `data-${string}`,
  tints: Record<string, { bg: string; hover?: string }>,
): SystemStyleObject {
  return Object.fromEntries(
    Object.entries(tints).map(([value, { bg, hover }]) => [
      `& > tbody > tr[${attr}="${value}"]`,
      hover ? { bg, _hover: { bg: hover } } : { bg },
    ]),
  );
}
