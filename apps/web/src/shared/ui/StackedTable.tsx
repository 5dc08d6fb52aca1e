import { Table, type TableScrollContainerProps, type TableTdProps } from '@mantine/core';
import classes from './StackedTable.module.css';

/**
 * What a cell is to its row once the row is a card on a phone: the `title` (what the row is: a
 * period, a business) and its `status` badge side by side on top, then each `field` as a label and
 * its value, then the row's `action` buttons. Title, status and action show no label there.
 */
export type StackedPart = 'title' | 'status' | 'field' | 'action';

/**
 * A frame for a list of rows (periods, returns, records): on a tablet or desktop a table like any
 * other (TableScroll's frame, scrolling sideways below its `minWidth`); below 48em each body row is
 * drawn as a card, every cell labelled with its column's heading, so a phone shows a row's status
 * and buttons without scrolling sideways. CSS alone does it, so the first paint is already right.
 * Put a `<Table>` inside, with its body cells as `<StackedCell>`.
 */
export function StackedTable({ className, type = 'native', ...props }: Omit<TableScrollContainerProps, 'classNames'>) {
  return (
    <Table.ScrollContainer
      {...props}
      type={type}
      className={className ? `${classes.frame} ${className}` : classes.frame}
      classNames={{ scrollContainerInner: classes.inner }}
      data-stacked-table
    />
  );
}

export interface StackedCellProps extends TableTdProps {
  /** Its column's heading, shown beside the value on a phone, where the heading row is not. */
  label: string;
  part?: StackedPart;
}

/** A body cell of a StackedTable. */
export function StackedCell({ label, part = 'field', children, ...props }: StackedCellProps) {
  return (
    <Table.Td {...props} data-label={label} data-stacked-part={part}>
      {/* One box for the value beside the label, whatever the cell holds; no box at all on a wide screen. */}
      <div className={classes.value}>{children}</div>
    </Table.Td>
  );
}
