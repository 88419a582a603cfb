import { createContext, useContext } from 'react';

/**
 * What a list's cells read from their screen (the level, the time zone, the row actions, an inline edit), kept out of
 * the column definitions so the columns stay module constants and a cell never remounts while a row is edited. One
 * factory, so every list's cells fail the same way outside their table.
 */
export function rowContext<C>(screen: string) {
  const context = createContext<C | null>(null);
  const useCells = (): C => {
    const c = useContext(context);
    if (!c) throw new Error(`${screen} cells need their table context.`);
    return c;
  };
  return { context, useCells };
}
