/** A row of a search's results (products, customers): what was found on the left, its figures and action on the right. */
export const RESULT_ROW = {
  px: '3',
  py: '2',
  gap: '3',
  align: 'center',
  justify: 'space-between',
  borderBottomWidth: '1px',
  _last: { borderBottomWidth: 0 },
} as const;
