import { Badge, Button, MantineProvider, Table, VisuallyHidden } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StackedCell, StackedTable } from './StackedTable';

/** Open periods as VAT Submissions lists them: a title, a plain field, a status and a button. */
function OpenPeriodsTable() {
  return (
    <MantineProvider>
      <StackedTable minWidth={560}>
        <Table aria-label="Open periods">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Period</Table.Th>
              <Table.Th scope="col">Due</Table.Th>
              <Table.Th scope="col">Status</Table.Th>
              <Table.Th scope="col">
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <Table.Tr data-testid="open-period">
              <StackedCell id="period-1" label="Period" part="title">
                1 Jan 2026 – 31 Mar 2026
              </StackedCell>
              <StackedCell label="Due" data-testid="due">
                7 May 2026
              </StackedCell>
              <StackedCell label="Status" part="status">
                <Badge color="red">Overdue</Badge>
              </StackedCell>
              <StackedCell ta="end" label="Actions" part="action">
                <Button size="xs" aria-describedby="period-1">
                  Start return
                </Button>
              </StackedCell>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </StackedTable>
    </MantineProvider>
  );
}

describe('a stacked table', () => {
  it('is a real table, its column headings over cells that hold just their values', () => {
    render(<OpenPeriodsTable />);
    const table = screen.getByRole('table', { name: 'Open periods' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((heading) => heading.textContent),
    ).toEqual(['Period', 'Due', 'Status', 'Actions']);
    // The label a phone shows is drawn by CSS, not written into the cell: copied text stays the value.
    expect(
      within(table)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['1 Jan 2026 – 31 Mar 2026', '7 May 2026', 'Overdue', 'Start return']);
    expect(screen.getByRole('button', { name: 'Start return' })).toHaveAccessibleDescription(
      '1 Jan 2026 – 31 Mar 2026',
    );
  });

  it('gives each cell its column’s heading and its place in a phone’s card', () => {
    render(<OpenPeriodsTable />);
    const headings = screen.getAllByRole('columnheader').map((heading) => heading.textContent);
    const cells = within(screen.getByTestId('open-period')).getAllByRole('cell');
    expect(cells.map((cell) => cell.getAttribute('data-label'))).toEqual(headings);
    expect(cells.map((cell) => cell.getAttribute('data-stacked-part'))).toEqual(['title', 'field', 'status', 'action']);
  });

  it('passes a cell’s own props on to it', () => {
    render(<OpenPeriodsTable />);
    expect(screen.getByTestId('due')).toHaveAttribute('data-label', 'Due');
    expect(screen.getByRole('cell', { name: '1 Jan 2026 – 31 Mar 2026' })).toHaveAttribute('id', 'period-1');
    expect(screen.getByRole('cell', { name: 'Start return' })).toHaveStyle({ textAlign: 'end' });
  });

  it('keeps the table’s minimum width for wider screens, in a frame the stylesheet can find', () => {
    const { container } = render(<OpenPeriodsTable />);
    const frame = container.querySelector('[data-stacked-table]');
    expect(frame).toContainElement(screen.getByRole('table'));
    expect((frame as HTMLElement).style.getPropertyValue('--table-min-width')).toBe(
      'calc(35rem * var(--mantine-scale))',
    );
  });
});
