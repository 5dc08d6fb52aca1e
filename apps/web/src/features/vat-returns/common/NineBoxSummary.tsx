import { Table } from '@mantine/core';
import { type NineBoxes, boxExplanations, boxKey, boxNumbers } from '@vatwise/domain';
import { useTranslation } from 'react-i18next';
import { formatBoxAmount } from '../../../shared/format/format';
import { TableScroll } from '../../../shared/ui/TableScroll';

interface NineBoxSummaryProps {
  boxes: NineBoxes;
  /** The table's accessible name. */
  label: string;
  /** Each figure's test id is this followed by its box number. */
  testIdPrefix: string;
  /** Below this width the table scrolls sideways; a page made for a phone gives less, so it wraps instead. */
  minWidth?: number;
}

/** The nine boxes as a table (number, title, figure; box 5 in bold): the declaration's and the receipt's. */
export function NineBoxSummary({ boxes, label, testIdPrefix, minWidth = 420 }: NineBoxSummaryProps) {
  const { t, i18n } = useTranslation(['vatReturns']);
  return (
    <TableScroll minWidth={minWidth}>
      <Table verticalSpacing={4} aria-label={label}>
        <Table.Tbody>
          {boxNumbers.map((box) => (
            <Table.Tr key={box}>
              <Table.Th scope="row" fw={600} style={{ whiteSpace: 'nowrap' }}>
                {t('vatReturns:boxes.boxNumber', { box })}
              </Table.Th>
              <Table.Td>{boxExplanations[box].title}</Table.Td>
              <Table.Td
                ta="end"
                fw={box === 5 ? 700 : undefined}
                style={{ whiteSpace: 'nowrap' }}
                data-testid={`${testIdPrefix}${box}`}
              >
                {formatBoxAmount(box, boxes[boxKey(box)], i18n.language)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}
