import { describe, expect, it } from 'vitest';
import { STOCK_COLOR, stockLevel } from '../../src/domain/stock';
import { receiveSearchStarts } from '../../src/domain/schemas';

describe('stockLevel (SPEC §2: amber at or below low stock and above 0, pink at 0 or less)', () => {
  it.each([
    [6, 5, 'ok'],
    [5, 5, 'low'],
    [1, 5, 'low'],
    [0, 5, 'out'],
    [-2, 5, 'out'],
    [1, 0, 'ok'],
    [0, 0, 'out'],
  ] as const)('stock %i with low stock %i is %s', (stock, low_stock, level) => {
    expect(stockLevel({ stock, low_stock })).toBe(level);
  });

  it('colours low amber (orange) and out pink', () => {
    expect(STOCK_COLOR).toEqual({ low: 'orange', out: 'pink' });
  });
});

describe('receiveSearchStarts (SPEC §5: at multiples of 3 typed characters)', () => {
  it.each([
    ['', false],
    ['a', false],
    ['ab', false],
    ['abc', true],
    ['abcd', false],
    ['abcdef', true],
  ])('%j → %s', (typed, starts) => expect(receiveSearchStarts(typed)).toBe(starts));
});
