import { Button, Pagination, Table } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { type StoredMarginStockItem, marginOf } from '@vatwise/domain';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney } from '../../../shared/format/format';
import { TableScroll } from '../../../shared/ui/TableScroll';

interface MarginStockTableProps {
  /** The lines on the page shown. */
  items: readonly StoredMarginStockItem[];
  page: number;
  pages: number;
  onPageChange: (page: number) => void;
  editable: boolean;
  /** The line being deleted, whose button spins. */
  deletingId: string | null;
  onEdit: (item: StoredMarginStockItem) => void;
  onDelete: (item: StoredMarginStockItem) => void;
}

/** A page of the margin scheme stock book: each line's purchase and sale, its margin and VAT. */
export function MarginStockTable({
  items,
  page,
  pages,
  onPageChange,
  editable,
  deletingId,
  onEdit,
  onDelete,
}: MarginStockTableProps) {
  const { t, i18n } = useTranslation(['common', 'vatReturns']);
  const language = i18n.language;
  const money = (pence: number) => formatMoney(pence, language);
  return (
    <>
      <TableScroll minWidth={760}>
        <Table striped aria-label={t('vatReturns:margin.tableLabel')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('vatReturns:margin.fields.stockNumber')}</Table.Th>
              <Table.Th>{t('vatReturns:margin.fields.description')}</Table.Th>
              <Table.Th>{t('vatReturns:margin.columns.bought')}</Table.Th>
              <Table.Th>{t('vatReturns:margin.columns.sold')}</Table.Th>
              <Table.Th ta="right">{t('vatReturns:margin.columns.margin')}</Table.Th>
              <Table.Th ta="right">{t('vatReturns:margin.columns.vat')}</Table.Th>
              {editable && <Table.Th>{t('vatReturns:margin.columns.actions')}</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item) => {
              const margin =
                item.salePricePence === null ? null : marginOf(item.purchasePricePence, item.salePricePence);
              return (
                <Table.Tr key={item.id} data-testid="margin-item">
                  <Table.Td>{item.stockNumber}</Table.Td>
                  <Table.Td>{item.description}</Table.Td>
                  <Table.Td>
                    {formatDate(item.purchaseDate, language)} · {money(item.purchasePricePence)} · {item.seller}
                  </Table.Td>
                  <Table.Td>
                    {item.saleDate === null || item.salePricePence === null
                      ? t('vatReturns:margin.inStock')
                      : `${formatDate(item.saleDate, language)} · ${money(item.salePricePence)} · ${item.buyer}`}
                  </Table.Td>
                  <Table.Td ta="right">{margin ? money(margin.marginPence) : '—'}</Table.Td>
                  <Table.Td ta="right">{margin ? money(margin.vatPence) : '—'}</Table.Td>
                  {editable && (
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        leftSection={<IconPencil size={14} />}
                        aria-label={t('vatReturns:margin.editOne', { stockNumber: item.stockNumber })}
                        onClick={() => onEdit(item)}
                      >
                        {t('vatReturns:margin.edit')}
                      </Button>
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        color="red"
                        leftSection={<IconTrash size={14} />}
                        loading={deletingId === item.id}
                        aria-label={t('vatReturns:margin.deleteOne', { stockNumber: item.stockNumber })}
                        onClick={() => onDelete(item)}
                      >
                        {t('vatReturns:margin.delete')}
                      </Button>
                    </Table.Td>
                  )}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </TableScroll>
      {pages > 1 && (
        <nav aria-label={t('vatReturns:records.pages')}>
          <Pagination
            total={pages}
            value={page}
            onChange={onPageChange}
            size="sm"
            getControlProps={(control) => ({ 'aria-label': t(`vatReturns:records.pageControls.${control}`) })}
          />
        </nav>
      )}
    </>
  );
}
