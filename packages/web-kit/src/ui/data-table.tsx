import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow } from '@corretora/web-kit/fluent/table';
import type { Key, ReactNode } from 'react';
import { EmptyState } from './empty-state';
import { COMPACT_LAYOUT } from './layout';

/**
 * On a phone (below COMPACT_LAYOUT) a row is a block of lines, each cell under its column's name
 * (`data-label`), instead of columns squeezed into 390 px until their text overlaps: the header row
 * stays for assistive technology, out of sight.
 */
const useStyles = makeStyles({
  wrap: { overflowX: 'auto' },
  table: { [COMPACT_LAYOUT]: { display: 'block', width: '100%' } },
  header: {
    [COMPACT_LAYOUT]: {
      position: 'absolute',
      width: '1px',
      height: '1px',
      overflow: 'hidden',
      clipPath: 'inset(50%)',
      whiteSpace: 'nowrap',
    },
  },
  body: { [COMPACT_LAYOUT]: { display: 'block' } },
  row: {
    [COMPACT_LAYOUT]: {
      display: 'block',
      height: 'auto',
      paddingTop: tokens.spacingVerticalS,
      paddingBottom: tokens.spacingVerticalS,
    },
  },
  cell: {
    [COMPACT_LAYOUT]: {
      display: 'grid',
      gridTemplateColumns: 'minmax(6rem, 35%) minmax(0, 1fr)',
      columnGap: tokens.spacingHorizontalM,
      alignItems: 'start',
      justifyItems: 'start',
      height: 'auto',
      minHeight: 0,
      paddingTop: tokens.spacingVerticalXXS,
      paddingBottom: tokens.spacingVerticalXXS,
      overflowWrap: 'anywhere',
      '::before': { content: 'attr(data-label)', color: tokens.colorNeutralForeground3 },
    },
  },
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

/** A list as a table (on a phone, a block of labelled lines per row), or the list's empty line. */
export function DataTable<T>({ label, rows, rowKey, columns, empty, keyboardScroll = false }: DataTableProps<T>) {
  const styles = useStyles();
  if (rows.length === 0) return <EmptyState>{empty}</EmptyState>;
  return (
    <div className={styles.wrap} {...(keyboardScroll ? { tabIndex: 0, role: 'group', 'aria-label': label } : {})}>
      <Table aria-label={label} className={styles.table}>
        <TableHeader className={styles.header}>
          <TableRow>
            {columns.map((column) => (
              <TableHeaderCell key={column.header}>{column.header}</TableHeaderCell>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody className={styles.body}>
          {rows.map((row) => (
            <TableRow key={rowKey(row)} className={styles.row}>
              {columns.map((column) => (
                <TableCell key={column.header} data-label={column.header} className={mergeClasses(styles.cell, column.className)}>
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
