import {
  Alert,
  Button,
  EmptyState,
  Group,
  Loader,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type ReturnDraft, type VatRecord, boxNumbers } from '@vatwise/domain';
import { IconDownload, IconFileImport, IconPlus, IconReceipt, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadText, toCsv } from '../../../shared/export/csv';
import { notify } from '../../../shared/toasts/notifier';
import { vatReturnsApi } from '../api';
import { notifyFailure } from '../common/query-error';
import { recordCsvColumns, recordCsvFileName } from './record-csv';
import { firstRecordPageQuery, recordsPerPage, sortRecords } from './records';
import { ImportHistory } from '../imports/ImportHistory';
import { ImportWizard } from '../imports/ImportWizard';
import { RecordForm } from './RecordForm';
import { RecordsTable, type RecordsSort } from './RecordsTable';
import { ErrorState, LoadingState } from '../../../shared/ui/QueryStates';

/** How long the Undo toast stays after a deletion. */
const undoToastMs = 10_000;

interface RecordsPanelProps {
  draft: ReturnDraft;
  editable: boolean;
}

/** How long typing pauses before the search is sent. */
const searchDelayMs = 300;

type Editing = { mode: 'add' } | { mode: 'edit'; record: VatRecord } | null;

/** The period's records, and the ways to change them: add, edit, delete (with Undo) and import. */
export function RecordsPanel({ draft, editable }: RecordsPanelProps) {
  const { t } = useTranslation(['common', 'vatReturns']);
  const [editing, setEditing] = useState<Editing>(null);
  const [importing, setImporting] = useState(false);
  const [deleted, setDeleted] = useState<VatRecord | null>(null);
  const [deleteRecord, deleting] = vatReturnsApi.useDeleteRecordMutation();
  const [restoreRecord, restoring] = vatReturnsApi.useRestoreRecordMutation();
  const [loadAllRecords, allRecords] = vatReturnsApi.useLazyRecordsQuery();
  const period = { start: draft.periodStart, end: draft.periodEnd };

  // What the table shows: one page from the server, sorted, searched and filtered by box.
  // It opens on the page the Return page asked for beside the return (firstRecordPageQuery).
  const opening = firstRecordPageQuery(draft.id);
  const [page, setPage] = useState<number>(opening.page);
  const [sorting, setSorting] = useState<RecordsSort>({ sort: opening.sort, order: opening.order });
  const [box, setBox] = useState<string | null>(null);
  const [searchText, setSearchText] = useState('');
  const [search] = useDebouncedValue(searchText.trim(), searchDelayMs);
  // Under cash accounting, the invoices still unpaid (not in this return) can be listed to mark them paid.
  const cash = draft.computed?.cashAccounting ?? null;
  const [showUnpaid, setShowUnpaid] = useState(false);
  const unpaid = showUnpaid && cash !== null;
  const filtered = box !== null || search !== '' || unpaid;
  const pageQuery = vatReturnsApi.useRecordPageQuery({
    id: draft.id,
    page,
    pageSize: recordsPerPage,
    ...sorting,
    box: box === null ? undefined : Number(box),
    search: search || undefined,
    unpaid: unpaid ? 'true' : undefined,
  });
  const shown = pageQuery.data;
  // A change of filter or order starts again from the first page.
  const refine =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };

  async function restore(record: VatRecord) {
    try {
      await restoreRecord(record.id).unwrap();
      setDeleted((current) => (current?.id === record.id ? null : current));
      notify({ type: 'success', message: t('vatReturns:records.restored', { description: record.description }) });
    } catch (caught) {
      notifyFailure(t('vatReturns:records.restoreFailed'), caught, t);
    }
  }

  async function remove(record: VatRecord) {
    try {
      await deleteRecord(record.id).unwrap();
      setDeleted(record);
      notify({
        type: 'info',
        title: t('vatReturns:records.deleted', { description: record.description }),
        message: t('vatReturns:records.undoToast'),
        timeOut: undoToastMs,
        onClick: () => void restore(record),
      });
    } catch (caught) {
      notifyFailure(t('vatReturns:records.deleteFailed'), caught, t);
    }
  }

  // Every record of the period, fetched only when asked for: a large period is never held by the page.
  async function downloadCsv() {
    const label = (key: string) => t(`vatReturns:${key}`);
    try {
      const records = await loadAllRecords({ vrn: draft.vrn, from: draft.periodStart, to: draft.periodEnd }).unwrap();
      downloadText(
        recordCsvFileName(draft.vrn, draft.periodStart, draft.periodEnd),
        toCsv(sortRecords(records), recordCsvColumns(label)),
      );
    } catch (caught) {
      notifyFailure(t('vatReturns:records.downloadFailed'), caught, t);
    }
  }

  const noRecordsAtAll = shown !== undefined && shown.total === 0 && !filtered;

  return (
    <Stack gap="sm">
      {editable && (
        <Group gap="xs">
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ mode: 'add' })}>
            {t('vatReturns:records.add')}
          </Button>
          <Button variant="light" leftSection={<IconFileImport size={16} />} onClick={() => setImporting(true)}>
            {t('vatReturns:records.import')}
          </Button>
          {shown !== undefined && !noRecordsAtAll && (
            <Button
              variant="subtle"
              leftSection={<IconDownload size={16} />}
              loading={allRecords.isFetching}
              onClick={() => void downloadCsv()}
            >
              {t('vatReturns:records.downloadCsv')}
            </Button>
          )}
        </Group>
      )}
      {/* The toast's Undo is for the mouse; this one stays until the next deletion, for the keyboard too. */}
      {deleted && (
        <Alert color="gray" withCloseButton onClose={() => setDeleted(null)} closeButtonLabel={t('vatReturns:close')}>
          <Group gap="sm" justify="space-between">
            <Text size="sm">{t('vatReturns:records.deleted', { description: deleted.description })}</Text>
            <Button size="xs" variant="light" loading={restoring.isLoading} onClick={() => void restore(deleted)}>
              {t('vatReturns:records.undo')}
            </Button>
          </Group>
        </Alert>
      )}
      {cash && (cash.unpaidRecords > 0 || unpaid) && (
        <SegmentedControl
          aria-label={t('vatReturns:records.show')}
          value={unpaid ? 'unpaid' : 'counted'}
          onChange={(value) => refine(setShowUnpaid)(value === 'unpaid')}
          data={[
            { value: 'counted', label: t('vatReturns:records.showCounted') },
            { value: 'unpaid', label: t('vatReturns:records.showUnpaid', { count: cash.unpaidRecords }) },
          ]}
          data-testid="records-show"
        />
      )}
      {!noRecordsAtAll && shown !== undefined && (
        <Group gap="xs" align="flex-end">
          <TextInput
            label={t('vatReturns:records.search')}
            placeholder={t('vatReturns:records.searchPlaceholder')}
            leftSection={<IconSearch size={16} aria-hidden />}
            rightSection={
              pageQuery.isFetching ? <Loader size="xs" aria-label={t('vatReturns:records.updating')} /> : null
            }
            value={searchText}
            onChange={(event) => {
              setSearchText(event.currentTarget.value);
              setPage(1);
            }}
            maxLength={200}
            style={{ flex: '1 1 16rem' }}
          />
          <Select
            label={t('vatReturns:records.boxFilter')}
            placeholder={t('vatReturns:records.allBoxes')}
            data={boxNumbers.map((number) => ({
              value: String(number),
              label: t('vatReturns:records.boxOption', { box: number }),
            }))}
            value={box}
            onChange={refine(setBox)}
            clearable
            w={160}
          />
        </Group>
      )}
      {pageQuery.isError && !shown ? (
        <ErrorState error={pageQuery.error} onRetry={() => void pageQuery.refetch()} />
      ) : shown === undefined ? (
        <LoadingState label={t('vatReturns:records.loading')} />
      ) : noRecordsAtAll ? (
        <EmptyState
          size="sm"
          icon={<IconReceipt size={24} />}
          title={t('vatReturns:records.empty')}
          data-testid="records-empty"
          py="md"
        />
      ) : shown.total === 0 ? (
        <Text size="sm" c="dimmed" py="sm" data-testid="records-no-match">
          {t('vatReturns:records.noMatch')}
        </Text>
      ) : (
        <RecordsTable
          records={shown.records}
          total={shown.total}
          page={shown.page}
          pageSize={shown.pageSize}
          onPageChange={setPage}
          sorting={sorting}
          onSortingChange={refine(setSorting)}
          showPaidOn={Boolean(draft.computed?.cashAccounting)}
          {...(editable
            ? {
                onEdit: (record: VatRecord) => setEditing({ mode: 'edit', record }),
                onDelete: (record: VatRecord) => void remove(record),
                busyId: deleting.isLoading ? (deleting.originalArgs ?? null) : null,
              }
            : {})}
        />
      )}
      <ImportHistory draftId={draft.id} />
      {editing && (
        <RecordForm
          vrn={draft.vrn}
          period={period}
          cashAccounting={Boolean(draft.computed?.cashAccounting)}
          record={editing.mode === 'edit' ? editing.record : undefined}
          onClose={() => setEditing(null)}
        />
      )}
      {importing && <ImportWizard vrn={draft.vrn} draftId={draft.id} onClose={() => setImporting(false)} />}
    </Stack>
  );
}
