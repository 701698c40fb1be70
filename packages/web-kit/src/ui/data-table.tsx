import { makeStyles } from '@fluentui/react-components';
import { Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow } from '@corretora/web-kit/fluent/table';
import type { Key, ReactNode } from 'react';
import { EmptyState } from './empty-state';

const useStyles = makeStyles({
  wrap: { overflowX: 'auto' },
});

export interface DataColumn<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** For the column's cells (long text that may wrap, say). */
  className?: string;
}

export interface DataTableProps<T> {
  /** The table's accessible name, e.g. 'Apólices'. */
  label: string;
  rows: readonly T[];
  rowKey: (row: T) => Key;
  columns: readonly DataColumn<T>[];
  /** Shown instead of the table when there are no rows. */
  empty: ReactNode;
  /**
   * A table with nothing focusable in it (no buttons or links) that may scroll sideways: its
   * scrolling region takes the keyboard focus itself, so it scrolls with the arrow keys.
   */
  keyboardScroll?: boolean;
}

/** A list as a table that scrolls sideways on a narrow screen, or the list's empty line. */
export function DataTable<T>({ label, rows, rowKey, columns, empty, keyboardScroll = false }: DataTableProps<T>) {
  const styles = useStyles();
  if (rows.length === 0) return <EmptyState>{empty}</EmptyState>;
  return (
    <div className={styles.wrap} {...(keyboardScroll ? { tabIndex: 0, role: 'group', 'aria-label': label } : {})}>
      <Table aria-label={label}>
        <TableHeader>
          <TableRow>
            {columns.map((column) => (
              <TableHeaderCell key={column.header}>{column.header}</TableHeaderCell>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={rowKey(row)}>
              {columns.map((column) => (
                <TableCell key={column.header} className={column.className}>
                  {column.cell(row)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
