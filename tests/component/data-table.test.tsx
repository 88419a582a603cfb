import { ChakraProvider } from '@chakra-ui/react';
import { system } from '../../src/app/ui/system';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DataTable, PAGE_SIZES, shownPageSizes } from '../../src/app/ui/DataTable';
import { toCsv } from '../../src/app/ui/csv';

interface Row {
  id: string;
  plate: string;
  email: string;
}

const rows = (n: number): Row[] =>
  Array.from({ length: n }, (_, i) => ({
    id: `r${i + 1}`,
    plate: `PL ${String(i + 1).padStart(3, '0')}`,
    email: `owner${i + 1}@example.com`,
  }));

const columns = [
  { accessorKey: 'plate', header: 'Registration' },
  { accessorKey: 'email', header: 'Email', meta: { hidden: true } },
];

function Table({ data, outside }: { data: Row[]; outside?: string }) {
  const [search, setSearch] = useState('');
  return (
    <ChakraProvider value={system}>
      <button onClick={() => setSearch(outside ?? '')}>helper</button>
      <DataTable<Row>
        data={data}
        columns={columns}
        name="plates"
        getRowId={(r) => r.id}
        pageSizes={PAGE_SIZES.customers}
        search={search}
        onSearchChange={setSearch}
      />
    </ChakraProvider>
  );
}

const pageInfo = () => screen.getByTestId('page-info').textContent;
const sizes = () =>
  within(screen.getByLabelText('Rows per page'))
    .getAllByRole('option')
    .map((o) => o.textContent);

describe('the shared data table', () => {
  it('shrinks the page size to the rows loaded when there are fewer than 10 (SPEC §9)', () => {
    expect(shownPageSizes(4, PAGE_SIZES.customers)).toEqual([4]);
    expect(shownPageSizes(0, PAGE_SIZES.customers)).toEqual(PAGE_SIZES.customers);
    expect(shownPageSizes(10, PAGE_SIZES.customers)).toEqual(PAGE_SIZES.customers);
    // a table sized below 10 (services, 8) shrinks only below its size
    expect(shownPageSizes(5, PAGE_SIZES.services)).toEqual([5]);
    expect(shownPageSizes(9, PAGE_SIZES.services)).toEqual([8]);
    render(<Table data={rows(4)} />);
    expect(sizes()).toEqual(['4']);
    expect(pageInfo()).toBe('1–4 of 4');
  });

  it("pages through more rows with the screen's own page sizes", () => {
    render(<Table data={rows(25)} />);
    expect(sizes()).toEqual(['10', '20', '50', '100', '200']);
    expect(pageInfo()).toBe('1–10 of 25');
    fireEvent.click(screen.getByLabelText('Next page'));
    expect(pageInfo()).toBe('11–20 of 25');
    fireEvent.change(screen.getByLabelText('Rows per page'), { target: { value: '50' } });
    expect(pageInfo()).toBe('1–25 of 25');
  });

  it('searches hidden columns, and a search set from outside starts again at page 1', () => {
    render(<Table data={rows(25)} outside="owner21@" />);
    fireEvent.click(screen.getByLabelText('Next page'));
    fireEvent.click(screen.getByLabelText('Next page'));
    expect(pageInfo()).toBe('21–25 of 25');
    fireEvent.click(screen.getByText('helper'));
    expect(pageInfo()).toBe('1–1 of 1');
    expect(screen.getByText('PL 021')).toBeTruthy();
    expect(screen.queryByText('owner21@example.com')).toBeNull(); // the column stays hidden
  });

  it('exports CSV with quotes escaped and formulas kept as text', () => {
    const csv = toCsv(
      ['Name', 'Note'],
      [
        ['Smith, Jo', '=HYPERLINK("x")'],
        ['O"Neil', '-5'],
      ],
    );
    expect(csv.split('\r\n')).toEqual(['Name,Note', '"Smith, Jo","\'=HYPERLINK(""x"")"', '"O""Neil",-5']);
  });

  it("says 'Loading…' only after 1 s of loading (SPEC §9), and 'No records to display' once loaded empty", () => {
    vi.useFakeTimers();
    try {
      const view = (loading: boolean) => (
        <ChakraProvider value={system}>
          <DataTable<Row> data={[]} columns={columns} name="plates" getRowId={(r) => r.id} loading={loading} />
        </ChakraProvider>
      );
      const { rerender } = render(view(true));
      act(() => vi.advanceTimersByTime(900));
      expect(screen.queryByText('Loading…')).toBeNull();
      expect(screen.queryByText('No records to display')).toBeNull();
      act(() => vi.advanceTimersByTime(200));
      expect(screen.getByText('Loading…')).toBeTruthy();
      rerender(view(false));
      expect(screen.queryByText('Loading…')).toBeNull();
      expect(screen.getByText('No records to display')).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });
});
