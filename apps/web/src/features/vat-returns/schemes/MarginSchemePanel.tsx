import {
  Alert,
  Button,
  Group,
  Pagination,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { IconArrowBackUp, IconPencil, IconTrash } from '@tabler/icons-react';
import { TableScroll } from '../../../shared/ui/TableScroll';
import {
  type MarginStockItemInput,
  type ReturnDraft,
  type StoredMarginStockItem,
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
import { ErrorState, LoadingState } from '../../../shared/ui/QueryStates';
import { vatReturnsApi } from '../api';
import { parsePounds, penceToInput } from '../common/money-input';
import { asQueryError, notifyFailure, issuesOf } from '../common/query-error';
import { MoneyField } from '../common/MoneyField';

/**
 * The margin scheme stock book (VAT Notice 718), shown when the business is on the scheme: each item
 * as N718 asks it to be kept, its margin and VAT, and the period's figures for boxes 1, 6 and 7, which
 * are added to the return as three adjustments (type "other", the stock book's working as the reason)
 * dated the period's last day, beside the records of the business's other sales and purchases.
 *
 * The stock book is the business's, stored with it (not with this return): the figures read the items
 * bought or sold in the period; the table shows those, or the whole book, a page at a time.
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
function readItem(text: ItemText): { item: MarginStockItemInput } | { errors: ItemField[] } {
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
      buyer: sold ? text.buyer.trim() : '',
    },
  };
}

/** A stored line back in the form, to change it (record its sale, put a mistake right). */
function textOf(item: StoredMarginStockItem): ItemText {
  return {
    stockNumber: item.stockNumber,
    description: item.description,
    purchaseDate: item.purchaseDate,
    purchasePrice: penceToInput(item.purchasePricePence),
    seller: item.seller,
    saleDate: item.saleDate ?? '',
    salePrice: item.salePricePence === null ? '' : penceToInput(item.salePricePence),
    buyer: item.buyer,
  };
}

/** The fields a refusal names (the server's issue paths), as the form's fields. */
const fieldOfIssue: Record<string, ItemField> = {
  stockNumber: 'stockNumber',
  description: 'description',
  purchaseDate: 'purchaseDate',
  purchasePricePence: 'purchasePrice',
  seller: 'seller',
  saleDate: 'saleDate',
  salePricePence: 'salePrice',
  buyer: 'buyer',
};

/** How many lines of the stock book a page of the table shows. */
const itemsPerPage = 20;

export function MarginSchemePanel({ draft, editable }: { draft: ReturnDraft; editable: boolean }) {
  const { t, i18n } = useTranslation(['common', 'vatReturns']);
  const language = i18n.language;
  const money = (pence: number) => formatMoney(pence, language);
  const [text, setText] = useState<ItemText>(emptyItem);
  const [errors, setErrors] = useState<ItemField[]>([]);
  /** The stored item the form is changing; null while it adds a new one. */
  const [editingId, setEditingId] = useState<string | null>(null);
  const [deleted, setDeleted] = useState<StoredMarginStockItem | null>(null);
  const [view, setView] = useState<'period' | 'book'>('period');
  const [page, setPage] = useState(1);
  const period = { start: draft.periodStart, end: draft.periodEnd };
  // The figures always read the period's items; the table reads them, or the whole book when asked.
  const periodQuery = vatReturnsApi.useMarginStockQuery({ vrn: draft.vrn, from: period.start, to: period.end });
  const bookQuery = vatReturnsApi.useMarginStockQuery({ vrn: draft.vrn }, { skip: view !== 'book' });
  const [addItem, adding] = vatReturnsApi.useAddMarginStockItemMutation();
  const [updateItem, updating] = vatReturnsApi.useUpdateMarginStockItemMutation();
  const [deleteItem, deleting] = vatReturnsApi.useDeleteMarginStockItemMutation();
  const [restoreItem, restoring] = vatReturnsApi.useRestoreMarginStockItemMutation();
  const [addRecord] = vatReturnsApi.useAddRecordMutation();
  const [addingToReturn, setAddingToReturn] = useState(false);

  const set = (change: Partial<ItemText>) => {
    setText((current) => ({ ...current, ...change }));
    setErrors((current) => current.filter((field) => !(field in change)));
  };
  const error = (field: ItemField) => (errors.includes(field) ? t(`vatReturns:margin.errors.${field}`) : undefined);

  if (periodQuery.isError && !periodQuery.data) {
    return <ErrorState error={periodQuery.error} onRetry={() => void periodQuery.refetch()} testId="margin-error" />;
  }
  if (!periodQuery.data) return <LoadingState label={t('vatReturns:margin.loading')} />;

  const periodItems = periodQuery.data.items;
  const figures = marginSchemePeriod(periodItems, period);
  const shown = view === 'book' ? bookQuery.data?.items : periodItems;
  const pages = Math.max(1, Math.ceil((shown?.length ?? 0) / itemsPerPage));
  const pageItems = shown?.slice((Math.min(page, pages) - 1) * itemsPerPage, Math.min(page, pages) * itemsPerPage);

  function startEditing(item: StoredMarginStockItem) {
    setEditingId(item.id);
    setText(textOf(item));
    setErrors([]);
  }

  function stopEditing() {
    setEditingId(null);
    setText(emptyItem);
    setErrors([]);
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    const read = readItem(text);
    if ('errors' in read) {
      setErrors(read.errors);
      return;
    }
    try {
      if (editingId === null) await addItem({ vrn: draft.vrn, input: read.item }).unwrap();
      else await updateItem({ id: editingId, input: read.item }).unwrap();
      stopEditing();
      setDeleted(null);
    } catch (caught) {
      const failure = asQueryError(caught);
      // The server's refusal names its fields (a stock number already used, a sale before the purchase).
      const fields = issuesOf(failure).flatMap((issue) => fieldOfIssue[issue.path] ?? []);
      if (fields.length > 0) {
        setErrors(fields);
        return;
      }
      notify({ type: 'error', title: t('vatReturns:margin.saveFailed'), message: describeError(failure, t) });
    }
  }

  async function remove(item: StoredMarginStockItem) {
    try {
      await deleteItem(item.id).unwrap();
      setDeleted(item);
      if (editingId === item.id) stopEditing();
    } catch (caught) {
      notifyFailure(t('vatReturns:margin.deleteFailed'), caught, t);
    }
  }

  async function undoDelete(item: StoredMarginStockItem) {
    try {
      await restoreItem(item.id).unwrap();
      setDeleted(null);
    } catch (caught) {
      notifyFailure(t('vatReturns:margin.restoreFailed'), caught, t);
    }
  }

  async function addToReturn() {
    const reason = t('vatReturns:margin.reason', { sold: figures.sold, bought: figures.bought });
    const lines: [1 | 6 | 7, number, string][] = [
      [1, figures.box1Pence, t('vatReturns:margin.records.box1')],
      [6, figures.box6Pence, t('vatReturns:margin.records.box6')],
      [7, figures.box7Pence, t('vatReturns:margin.records.box7')],
    ];
    setAddingToReturn(true);
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
      notifyFailure(t('vatReturns:records.saveFailed'), caught, t);
    } finally {
      setAddingToReturn(false);
    }
  }

  const nothingInPeriod = figures.sold === 0 && figures.bought === 0;

  return (
    <Stack gap="sm" data-testid="margin-scheme">
      <Text size="sm" c="dimmed">
        {t('vatReturns:margin.intro')}
      </Text>
      <SegmentedControl
        aria-label={t('vatReturns:margin.viewLabel')}
        style={{ alignSelf: 'flex-start' }}
        value={view}
        onChange={(value) => {
          setView(value === 'book' ? 'book' : 'period');
          setPage(1);
        }}
        data={[
          { value: 'period', label: t('vatReturns:margin.views.period') },
          { value: 'book', label: t('vatReturns:margin.views.book') },
        ]}
      />
      {deleted && (
        <Alert color="gray" data-testid="margin-item-deleted">
          <Group justify="space-between" gap="sm">
            <Text size="sm">{t('vatReturns:margin.deleted', { stockNumber: deleted.stockNumber })}</Text>
            <Button
              size="xs"
              variant="light"
              leftSection={<IconArrowBackUp size={14} />}
              loading={restoring.isLoading}
              onClick={() => void undoDelete(deleted)}
            >
              {t('vatReturns:margin.undo')}
            </Button>
          </Group>
        </Alert>
      )}
      {view === 'book' && bookQuery.isError && !bookQuery.data ? (
        <ErrorState error={bookQuery.error} onRetry={() => void bookQuery.refetch()} testId="margin-book-error" />
      ) : !shown || !pageItems ? (
        <LoadingState label={t('vatReturns:margin.loading')} />
      ) : shown.length === 0 ? (
        <Text size="sm">{t(view === 'book' ? 'vatReturns:margin.empty' : 'vatReturns:margin.emptyPeriod')}</Text>
      ) : (
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
                {pageItems.map((item) => {
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
                            onClick={() => startEditing(item)}
                          >
                            {t('vatReturns:margin.edit')}
                          </Button>
                          <Button
                            size="compact-sm"
                            variant="subtle"
                            color="red"
                            leftSection={<IconTrash size={14} />}
                            loading={deleting.isLoading && deleting.originalArgs === item.id}
                            aria-label={t('vatReturns:margin.deleteOne', { stockNumber: item.stockNumber })}
                            onClick={() => void remove(item)}
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
                value={Math.min(page, pages)}
                onChange={setPage}
                size="sm"
                getControlProps={(control) => ({ 'aria-label': t(`vatReturns:records.pageControls.${control}`) })}
              />
            </nav>
          )}
        </>
      )}
      {editable && (
        <form
          onSubmit={(event) => void save(event)}
          noValidate
          aria-label={t(editingId === null ? 'vatReturns:margin.formLabel' : 'vatReturns:margin.editFormLabel')}
        >
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
              <MoneyField
                label={t('vatReturns:margin.fields.purchasePrice')}
                required
                value={text.purchasePrice}
                onChange={(value) => set({ purchasePrice: value })}
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
              <MoneyField
                label={t('vatReturns:margin.fields.salePrice')}
                value={text.salePrice}
                onChange={(value) => set({ salePrice: value })}
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
            <Group>
              <Button type="submit" variant="default" loading={adding.isLoading || updating.isLoading}>
                {t(editingId === null ? 'vatReturns:margin.addItem' : 'vatReturns:margin.saveChanges')}
              </Button>
              {editingId !== null && (
                <Button variant="subtle" onClick={stopEditing}>
                  {t('vatReturns:margin.cancelEdit')}
                </Button>
              )}
            </Group>
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
          <Button onClick={() => void addToReturn()} loading={addingToReturn} disabled={nothingInPeriod}>
            {t('vatReturns:margin.addToReturn')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
