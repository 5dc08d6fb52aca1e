import { Alert, Button, Group, SegmentedControl, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import { type ReturnDraft, type StoredMarginStockItem, type VatRecordInput, marginSchemePeriod } from '@vatwise/domain';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../../shared/api/http-errors';
import { formatMoney } from '../../../shared/format/format';
import { notify } from '../../../shared/toasts/notifier';
import { ErrorState, LoadingState } from '../../../shared/ui/QueryStates';
import { DateInputField, MoneyField, TextField, useFormState } from '../../../shared/ui/form';
import { vatReturnsApi } from '../api';
import { asQueryError, notifyFailure, issuesOf } from '../common/query-error';
import { type ItemField, type ItemText, emptyItem, fieldOfIssue, readItem, textOf } from './margin-stock-item';
import { MarginStockTable } from './MarginStockTable';

/** How many lines of the stock book a page of the table shows. */
const itemsPerPage = 20;

/**
 * The margin scheme stock book (VAT Notice 718), shown when the business is on the scheme: each item
 * as N718 asks it to be kept, its margin and VAT, and the period's figures for boxes 1, 6 and 7, which
 * are added to the return as three adjustments (type "other", the stock book's working as the reason)
 * dated the period's last day, beside the records of the business's other sales and purchases.
 *
 * The stock book is the business's, stored with it (not with this return): the figures read the items
 * bought or sold in the period; the table shows those, or the whole book, a page at a time.
 */
export function MarginSchemePanel({ draft, editable }: { draft: ReturnDraft; editable: boolean }) {
  const { t, i18n } = useTranslation(['common', 'vatReturns']);
  const language = i18n.language;
  const money = (pence: number) => formatMoney(pence, language);
  // A field's error is kept as the field's name and said in the language shown.
  const form = useFormState<ItemText, true>(emptyItem, (_, field) => t(`vatReturns:margin.errors.${field}`));
  const showErrors = (fields: readonly ItemField[]) =>
    form.setErrors(Object.fromEntries(fields.map((field) => [field, true])));
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
    form.reset(textOf(item));
  }

  function stopEditing() {
    setEditingId(null);
    form.reset(emptyItem);
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    const read = readItem(form.values);
    if ('errors' in read) {
      showErrors(read.errors);
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
        showErrors(fields);
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
        <MarginStockTable
          items={pageItems}
          page={Math.min(page, pages)}
          pages={pages}
          onPageChange={setPage}
          editable={editable}
          deletingId={deleting.isLoading ? (deleting.originalArgs ?? null) : null}
          onEdit={startEditing}
          onDelete={(item) => void remove(item)}
        />
      )}
      {editable && (
        <form
          onSubmit={(event) => void save(event)}
          noValidate
          aria-label={t(editingId === null ? 'vatReturns:margin.formLabel' : 'vatReturns:margin.editFormLabel')}
        >
          <Stack gap="xs">
            <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
              <TextField
                form={form}
                name="stockNumber"
                label={t('vatReturns:margin.fields.stockNumber')}
                required
                maxLength={40}
              />
              <TextField
                form={form}
                name="description"
                label={t('vatReturns:margin.fields.description')}
                required
                maxLength={200}
              />
              <DateInputField
                form={form}
                name="purchaseDate"
                label={t('vatReturns:margin.fields.purchaseDate')}
                required
              />
              <MoneyField
                form={form}
                name="purchasePrice"
                label={t('vatReturns:margin.fields.purchasePrice')}
                required
              />
              <TextField
                form={form}
                name="seller"
                label={t('vatReturns:margin.fields.seller')}
                required
                maxLength={120}
              />
              <DateInputField form={form} name="saleDate" label={t('vatReturns:margin.fields.saleDate')} />
              <MoneyField form={form} name="salePrice" label={t('vatReturns:margin.fields.salePrice')} />
              <TextField form={form} name="buyer" label={t('vatReturns:margin.fields.buyer')} maxLength={120} />
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
