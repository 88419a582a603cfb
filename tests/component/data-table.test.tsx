import { ChakraProvider } from '@chakra-ui/react';
import { system } from '../../src/app/ui/system';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DataTable, PAGE_SIZES } from '../../src/app/ui/DataTable';
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
  it("offers the table's own sizes however few rows there are, and no selector while they fit on one page (issue 30)", () => {
    // issue 30: three rows offered "Rows per page: 3", a fourth made it 4 (SPEC §9's shrinking page size)
    const { rerender } = render(<Table data={rows(3)} />);
    expect(screen.queryByLabelText('Rows per page')).toBeNull();
    expect(screen.queryByText('Rows per page')).toBeNull();
    expect(pageInfo()).toBe('1–3 of 3');
    rerender(<Table data={rows(10)} />);
    expect(screen.queryByLabelText('Rows per page')).toBeNull();
    expect(pageInfo()).toBe('1–10 of 10');
    // the eleventh row needs a second page: the sizes are the table's own, never the row count
    rerender(<Table data={rows(11)} />);
    expect(sizes()).toEqual(['10', '20', '50', '100', '200']);
    expect(pageInfo()).toBe('1–10 of 11');
    fireEvent.change(screen.getByLabelText('Rows per page'), { target: { value: '20' } });
    expect(pageInfo()).toBe('1–11 of 11');
    // back to a few rows, the choice is kept for when there are more again
    rerender(<Table data={rows(4)} />);
    expect(screen.queryByLabelText('Rows per page')).toBeNull();
    rerender(<Table data={rows(30)} />);
    expect((screen.getByLabelText('Rows per page') as HTMLSelectElement).value).toBe('20');
    expect(pageInfo()).toBe('1–20 of 30');
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
