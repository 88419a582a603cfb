import { Button, HStack, Input, Menu, Portal } from '@chakra-ui/react';
import type { Column, Table } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { headerText } from './headerText';

/** Search, Filters, the Columns menu, Export CSV and the caller's own buttons, each one only where it is offered. */
export function TableToolbar<T>(props: {
  table: Table<T>;
  name: string;
  search: string | null;
  onSearch: (s: string) => void;
  filters: { shown: boolean; toggle: () => void } | null;
  columnsMenu: boolean;
  exportCsv: { busy: boolean; run: () => void } | null;
  children?: ReactNode;
}) {
  const { table, name, filters, exportCsv } = props;
  const hideable = table.getAllLeafColumns().filter((c) => c.getCanHide());
  return (
    <HStack gap="2" wrap="wrap">
      {props.search !== null && (
        <Input
          maxW="xs"
          size="sm"
          placeholder="Search"
          aria-label={`Search ${name}`}
          value={props.search}
          onChange={(e) => {
            props.onSearch(e.target.value);
            table.setPageIndex(0);
          }}
        />
      )}
      {filters && (
        <Button size="sm" variant="outline" onClick={filters.toggle} aria-pressed={filters.shown}>
          Filters
        </Button>
      )}
      {props.columnsMenu && hideable.length > 1 && <ColumnsMenu name={name} columns={hideable} />}
      {exportCsv && (
        <Button size="sm" variant="outline" onClick={exportCsv.run} loading={exportCsv.busy}>
          Export CSV
        </Button>
      )}
      {props.children}
    </HStack>
  );
}

/** Show or hide any column, the ones hidden at first included. */
function ColumnsMenu<T>({ name, columns }: { name: string; columns: Column<T, unknown>[] }) {
  return (
    <Menu.Root closeOnSelect={false}>
      <Menu.Trigger asChild>
        <Button size="sm" variant="outline" aria-label={`Columns of ${name}`}>
          Columns
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content data-testid={`columns-menu-${name}`}>
            <Menu.ItemGroup>
              <Menu.ItemGroupLabel>Show columns</Menu.ItemGroupLabel>
              {columns.map((c) => (
                <Menu.CheckboxItem
                  key={c.id}
                  value={c.id}
                  checked={c.getIsVisible()}
                  onCheckedChange={(on) => c.toggleVisibility(!!on)}
                >
                  {headerText(c)}
                  <Menu.ItemIndicator />
                </Menu.CheckboxItem>
              ))}
            </Menu.ItemGroup>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
