import { Table, type TableScrollContainerProps } from '@mantine/core';
import classes from './TableScroll.module.css';

/**
 * The one frame every table sits in, so they all behave alike on a phone (375 px): the table keeps
 * its `minWidth` and scrolls sideways within a border, its first column kept in sight, every
 * badge whole, and a row's buttons (Start return, say) reached by scrolling or by Tab.
 */
export function TableScroll({ className, type = 'native', ...props }: TableScrollContainerProps) {
  return (
    <Table.ScrollContainer
      {...props}
      type={type}
      className={className ? `${classes.frame} ${className}` : classes.frame}
      data-table-scroll
    />
  );
}
