/**
 * SLOT — the Dashboard's finance tiles for levels above 4 (SPEC §2 Dashboard): Products and Labour (today, paid in
 * full), Sales and Discounts (today, all) in dollars, and the 'Transactions Today' strip with Cash, Debit, Credit,
 * Online and Cheque totals. Another issue builds them; until then this renders nothing (no placeholder figures).
 * The Dashboard already renders <FinanceTiles /> only for levels above 4.
 */
export function FinanceTiles() {
  return null;
}
