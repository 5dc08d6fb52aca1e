import { Button, Group, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { TableScroll } from '../../../shared/ui/TableScroll';
import {
  type MarginStockItem,
  type ReturnDraft,
  type VatRecordInput,
  isCalendarDate,
  marginOf,
  marginSchemePeriod,
} from '@vatwise/domain';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../../shared/api/http-errors';
import { formatDate, formatMoney } from '../../../shared/format/format';
import { notify } from '../../../shared/toasts/notifier';
import { DateField } from '../../../shared/ui/DateField';
import { vatReturnsApi } from '../api';
import { parsePounds } from '../money-input';
import { asQueryError } from '../query-error';

/**
 * The margin scheme stock book (VAT Notice 718), shown when the business is on the scheme: each item
 * as N718 asks it to be kept, its margin and VAT, and the period's figures for boxes 1, 6 and 7, which
 * are added to the return as three adjustments (type "other", the stock book's working as the reason)
 * dated the period's last day, beside the records of the business's other sales and purchases.
 *
 * The stock book is kept on this screen only while it is open: it is not stored with the business.
 */
interface ItemText {
  stockNumber: string;
  description: string;
  purchaseDate: string;
  purchasePrice: string;
  seller: string;
  saleDate: string;
  salePrice: string;
  buyer: string;
}
type ItemField = keyof ItemText;
const emptyItem: ItemText = {
  stockNumber: '',
  description: '',
  purchaseDate: '',
  purchasePrice: '',
  seller: '',
  saleDate: '',
  salePrice: '',
  buyer: '',
};

/** The stock book line, or the fields to fix: a sale needs its date and price together, on or after the purchase. */
function readItem(text: ItemText): { item: MarginStockItem } | { errors: ItemField[] } {
  const errors: ItemField[] = [];
  for (const field of ['stockNumber', 'description', 'seller'] as const) if (!text[field].trim()) errors.push(field);
  if (!isCalendarDate(text.purchaseDate)) errors.push('purchaseDate');
  const purchasePricePence = parsePounds(text.purchasePrice);
  if (purchasePricePence === null || purchasePricePence < 0) errors.push('purchasePrice');
  const sold = text.saleDate !== '' || text.salePrice.trim() !== '';
  const salePricePence = sold ? parsePounds(text.salePrice) : null;
  if (sold) {
    if (!isCalendarDate(text.saleDate) || text.saleDate < text.purchaseDate) errors.push('saleDate');
    if (salePricePence === null || salePricePence < 0) errors.push('salePrice');
    if (!text.buyer.trim()) errors.push('buyer');
  }
  if (errors.length > 0 || purchasePricePence === null) return { errors };
  return {
    item: {
      stockNumber: text.stockNumber.trim(),
      description: text.description.trim(),
      purchaseDate: text.purchaseDate,
      purchasePricePence,
      seller: text.seller.trim(),
      saleDate: sold ? text.saleDate : null,
      salePricePence,
      buyer: text.buyer.trim(),
    },
  };
}

export function MarginSchemePanel({ draft, editable }: { draft: ReturnDraft; editable: boolean }) {
  const { t, i18n } = useTranslation(['common', 'vatReturns']);
  const language = i18n.language;
  const money = (pence: number) => formatMoney(pence, language);
  const [items, setItems] = useState<MarginStockItem[]>([]);
  const [text, setText] = useState<ItemText>(emptyItem);
  const [errors, setErrors] = useState<ItemField[]>([]);
  const [addRecord] = vatReturnsApi.useAddRecordMutation();
  const [adding, setAdding] = useState(false);
  const period = { start: draft.periodStart, end: draft.periodEnd };
  const figures = marginSchemePeriod(items, period);

  const set = (change: Partial<ItemText>) => {
    setText((current) => ({ ...current, ...change }));
    setErrors((current) => current.filter((field) => !(field in change)));
  };
  const error = (field: ItemField) => (errors.includes(field) ? t(`vatReturns:margin.errors.${field}`) : undefined);

  function addItem(event: FormEvent) {
    event.preventDefault();
    const read = readItem(text);
    if ('errors' in read) {
      setErrors(read.errors);
      return;
    }
    if (items.some((item) => item.stockNumber === read.item.stockNumber)) {
      setErrors(['stockNumber']);
      return;
    }
    setItems((current) => [...current, read.item]);
    setText(emptyItem);
  }

  async function addToReturn() {
    const reason = t('vatReturns:margin.reason', { sold: figures.sold, bought: figures.bought });
    const lines: [1 | 6 | 7, number, string][] = [
      [1, figures.box1Pence, t('vatReturns:margin.records.box1')],
      [6, figures.box6Pence, t('vatReturns:margin.records.box6')],
      [7, figures.box7Pence, t('vatReturns:margin.records.box7')],
    ];
    setAdding(true);
    try {
      for (const [box, amountPence, description] of lines) {
        if (amountPence === 0) continue;
        const input: VatRecordInput = {
          kind: 'adjustment',
          date: draft.periodEnd,
          description,
          box,
          amountPence,
          adjustmentType: 'other',
          reason,
        };
        await addRecord({ vrn: draft.vrn, input }).unwrap();
      }
      notify({ type: 'success', message: t('vatReturns:margin.added') });
    } catch (caught) {
      notify({
        type: 'error',
        title: t('vatReturns:records.saveFailed'),
        message: describeError(asQueryError(caught), t),
      });
    } finally {
      setAdding(false);
    }
  }

  const nothingInPeriod = figures.sold === 0 && figures.bought === 0;

  return (
    <Stack gap="sm" data-testid="margin-scheme">
      <Text size="sm" c="dimmed">
        {t('vatReturns:margin.intro')}
      </Text>
      {items.length === 0 ? (
        <Text size="sm">{t('vatReturns:margin.empty')}</Text>
      ) : (
        <TableScroll minWidth={720}>
          <Table striped aria-label={t('vatReturns:margin.tableLabel')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('vatReturns:margin.fields.stockNumber')}</Table.Th>
                <Table.Th>{t('vatReturns:margin.fields.description')}</Table.Th>
                <Table.Th>{t('vatReturns:margin.columns.bought')}</Table.Th>
                <Table.Th>{t('vatReturns:margin.columns.sold')}</Table.Th>
                <Table.Th ta="right">{t('vatReturns:margin.columns.margin')}</Table.Th>
                <Table.Th ta="right">{t('vatReturns:margin.columns.vat')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((item) => {
                const margin =
                  item.salePricePence === null ? null : marginOf(item.purchasePricePence, item.salePricePence);
                return (
                  <Table.Tr key={item.stockNumber}>
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
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
      {editable && (
        <form onSubmit={addItem} noValidate aria-label={t('vatReturns:margin.formLabel')}>
          <Stack gap="xs">
            <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
              <TextInput
                label={t('vatReturns:margin.fields.stockNumber')}
                required
                maxLength={40}
                value={text.stockNumber}
                onChange={(event) => set({ stockNumber: event.currentTarget.value })}
                error={error('stockNumber')}
              />
              <TextInput
                label={t('vatReturns:margin.fields.description')}
                required
                maxLength={200}
                value={text.description}
                onChange={(event) => set({ description: event.currentTarget.value })}
                error={error('description')}
              />
              <DateField
                label={t('vatReturns:margin.fields.purchaseDate')}
                required
                value={text.purchaseDate}
                onChange={(value) => set({ purchaseDate: value })}
                error={error('purchaseDate')}
              />
              <TextInput
                label={t('vatReturns:margin.fields.purchasePrice')}
                leftSection="£"
                inputMode="decimal"
                required
                value={text.purchasePrice}
                onChange={(event) => set({ purchasePrice: event.currentTarget.value })}
                error={error('purchasePrice')}
              />
              <TextInput
                label={t('vatReturns:margin.fields.seller')}
                required
                maxLength={120}
                value={text.seller}
                onChange={(event) => set({ seller: event.currentTarget.value })}
                error={error('seller')}
              />
              <DateField
                label={t('vatReturns:margin.fields.saleDate')}
                value={text.saleDate}
                onChange={(value) => set({ saleDate: value })}
                error={error('saleDate')}
              />
              <TextInput
                label={t('vatReturns:margin.fields.salePrice')}
                leftSection="£"
                inputMode="decimal"
                value={text.salePrice}
                onChange={(event) => set({ salePrice: event.currentTarget.value })}
                error={error('salePrice')}
              />
              <TextInput
                label={t('vatReturns:margin.fields.buyer')}
                maxLength={120}
                value={text.buyer}
                onChange={(event) => set({ buyer: event.currentTarget.value })}
                error={error('buyer')}
              />
            </SimpleGrid>
            <Text size="xs" c="dimmed">
              {t('vatReturns:margin.pricesHint')}
            </Text>
            <Button type="submit" variant="default" style={{ alignSelf: 'flex-start' }}>
              {t('vatReturns:margin.addItem')}
            </Button>
          </Stack>
        </form>
      )}
      <Table withRowBorders={false} verticalSpacing={2} data-testid="margin-figures">
        <Table.Tbody>
          <Table.Tr>
            <Table.Th fw={400}>{t('vatReturns:margin.figures.box1', { count: figures.sold })}</Table.Th>
            <Table.Td ta="right">{money(figures.box1Pence)}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th fw={400}>{t('vatReturns:margin.figures.box6')}</Table.Th>
            <Table.Td ta="right">{money(figures.box6Pence)}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th fw={400}>{t('vatReturns:margin.figures.box7', { count: figures.bought })}</Table.Th>
            <Table.Td ta="right">{money(figures.box7Pence)}</Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      {figures.soldAtNoMargin > 0 && (
        <Text size="sm" c="orange">
          {t('vatReturns:margin.noMargin', { count: figures.soldAtNoMargin })}
        </Text>
      )}
      {editable && (
        <Group>
          <Button onClick={() => void addToReturn()} loading={adding} disabled={nothingInPeriod}>
            {t('vatReturns:margin.addToReturn')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
