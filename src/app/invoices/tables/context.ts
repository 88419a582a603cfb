import { createContext, useContext } from 'react';

/**
 * The context a money table (Invoices, Estimates, Transactions) hands its cells: the level, the shop's time zone and
 * the row actions. One factory so every table's cells fail the same way outside their table.
 */
export function tableContext<C>(screen: string) {
  const Ctx = createContext<C | null>(null);
  const useTableCtx = (): C => {
    const c = useContext(Ctx);
    if (!c) throw new Error(`${screen} cells need their table context.`);
    return c;
  };
  return { Provider: Ctx.Provider, useTableCtx };
}
