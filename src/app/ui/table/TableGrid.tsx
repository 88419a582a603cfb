import { Input, Table, Text } from '@chakra-ui/react';
import { flexRender, type Cell, type Header, type Row, type Table as TanTable } from '@tanstack/react-table';
import { Fragment, memo, type ReactNode } from 'react';
import { LoadingText } from '../../feedback/DelayedSpinner';
import { priorityAttr, priorityContainer } from '../columnPriority';
import { BODY_CSS, type RowMarks } from './bodyCss';
import { headerText } from './headerText';

interface GridProps<T> {
  table: TanTable<T>;
  name: string;
  showFilters: boolean;
  rowMarks?: RowMarks<T>;
  renderExpanded?: (row: T) => ReactNode;
  loading?: boolean;
  emptyText?: string;
}

/** The table itself: sortable headers (and the filter inputs under them), the rows, each row's expanded panel. */
export function TableGrid<T>(props: GridProps<T>) {
  const { table, renderExpanded } = props;
  const rows = table.getRowModel().rows;
  const width = table.getVisibleLeafColumns().length + (renderExpanded ? 1 : 0);
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="md" css={priorityContainer}>
      <Table.Root size="sm" aria-label={props.name} interactive css={[BODY_CSS, props.rowMarks?.css ?? {}]}>
        <Table.Header>
          {table.getHeaderGroups().map((hg) => (
            <Fragment key={hg.id}>
              <Table.Row>
                {renderExpanded && <Table.ColumnHeader w="8" aria-label="Expand" />}
                {hg.headers.map((h) => (
                  <SortHeader key={h.id} header={h} />
                ))}
              </Table.Row>
              {props.showFilters && <FilterRow headers={hg.headers} expandable={!!renderExpanded} />}
            </Fragment>
          ))}
        </Table.Header>
        <Table.Body>
          {rows.length === 0 && (
            <Table.Row>
              <Table.Cell colSpan={width}>
                {props.loading ? (
                  <LoadingText />
                ) : (
                  <Text color="fg.muted">{props.emptyText ?? 'No records to display'}</Text>
                )}
              </Table.Cell>
            </Table.Row>
          )}
          {rows.map((row) => (
            <BodyRow
              key={row.id}
              row={row}
              cells={row.getVisibleCells()}
              open={row.getIsExpanded()}
              width={width}
              attrs={props.rowMarks?.attrs}
              renderExpanded={renderExpanded}
            />
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

/** A column's header: a click sorts it (when it sorts), ▲ or ▼ says which way. */
function SortHeader<T>({ header: h }: { header: Header<T, unknown> }) {
  const sorted = h.column.getIsSorted();
  return (
    <Table.ColumnHeader
      onClick={h.column.getCanSort() ? h.column.getToggleSortingHandler() : undefined}
      cursor={h.column.getCanSort() ? 'pointer' : undefined}
      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
      whiteSpace="nowrap"
      {...priorityAttr(h.column.columnDef.meta?.priority)}
    >
      {flexRender(h.column.columnDef.header, h.getContext())}
      {sorted === 'asc' ? ' ▲' : sorted === 'desc' ? ' ▼' : ''}
    </Table.ColumnHeader>
  );
}

/** One filter input under each column that filters. */
function FilterRow<T>({ headers, expandable }: { headers: Header<T, unknown>[]; expandable: boolean }) {
  return (
    <Table.Row>
      {expandable && <Table.ColumnHeader />}
      {headers.map((h) => (
        <Table.ColumnHeader key={h.id} {...priorityAttr(h.column.columnDef.meta?.priority)}>
          {h.column.getCanFilter() && h.column.columnDef.meta?.filter !== false && (
            <Input
              size="xs"
              aria-label={`Filter ${headerText(h.column)}`}
              value={(h.column.getFilterValue() as string) ?? ''}
              onChange={(e) => h.column.setFilterValue(e.target.value || undefined)}
            />
          )}
        </Table.ColumnHeader>
      ))}
    </Table.Row>
  );
}

interface BodyRowProps<T> {
  /** TanStack's row: the same object until the table's data changes */
  row: Row<T>;
  /** its visible cells: the same array until the columns or their visibility change */
  cells: Cell<T, unknown>[];
  open: boolean;
  width: number;
  attrs?: RowMarks<T>['attrs'];
  renderExpanded?: (row: T) => ReactNode;
}

/**
 * A row, its expand button when rows expand, and its panel while expanded. Memoised: it is drawn again only when its
 * data, cells, width or expanded state change — not on each keystroke in the search box nor when another row opens
 * (drawing rows is most of what a table costs: docs/PERFORMANCE.md "Jobs screen at shop size"), so what it draws
 * comes through its props, never from the table's state.
 */
const BodyRow = memo(function BodyRow<T>({ row, cells, open, width, attrs, renderExpanded }: BodyRowProps<T>) {
  // plain elements styled by the table's BODY_CSS (bodyCss.ts says why)
  return (
    <>
      <tr {...attrs?.(row.original)} data-row-id={row.id}>
        {renderExpanded && (
          <td>
            <button
              type="button"
              data-expand=""
              aria-label={open ? 'Collapse row' : 'Expand row'}
              aria-expanded={open}
              onClick={() => row.toggleExpanded()}
            >
              {open ? '▾' : '▸'}
            </button>
          </td>
        )}
        {cells.map((cell) => (
          <td key={cell.id} {...priorityAttr(cell.column.columnDef.meta?.priority)}>
            {flexRender(cell.column.columnDef.cell, cell.getContext())}
          </td>
        ))}
      </tr>
      {open && renderExpanded && (
        <Table.Row>
          <Table.Cell colSpan={width} bg="bg.subtle">
            {renderExpanded(row.original)}
          </Table.Cell>
        </Table.Row>
      )}
    </>
  );
}) as <T>(props: BodyRowProps<T>) => ReactNode;
