import { Alert, Button, EmptyState, Group, Stack, Text } from '@mantine/core';
import type { ReturnDraft, VatRecord } from '@vatwise/domain';
import { IconDownload, IconFileImport, IconPlus, IconReceipt } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../../shared/api/http-errors';
import { downloadText, toCsv } from '../../../shared/export/csv';
import { notify } from '../../../shared/toasts/notifier';
import { vatReturnsApi } from '../api';
import { asQueryError } from '../query-error';
import { recordCsvColumns, recordCsvFileName } from '../record-csv';
import { sortRecords } from '../records';
import { ImportHistory } from './ImportHistory';
import { ImportWizard } from './ImportWizard';
import { RecordForm } from './RecordForm';
import { RecordsTable } from './RecordsTable';

/** How long the Undo toast stays after a deletion. */
const undoToastMs = 10_000;

interface RecordsPanelProps {
  draft: ReturnDraft;
  records: readonly VatRecord[];
  editable: boolean;
}

type Editing = { mode: 'add' } | { mode: 'edit'; record: VatRecord } | null;

/** The period's records, and the ways to change them: add, edit, delete (with Undo) and import. */
export function RecordsPanel({ draft, records, editable }: RecordsPanelProps) {
  const { t } = useTranslation(['common', 'vatReturns']);
  const [editing, setEditing] = useState<Editing>(null);
  const [importing, setImporting] = useState(false);
  const [deleted, setDeleted] = useState<VatRecord | null>(null);
  const [deleteRecord, deleting] = vatReturnsApi.useDeleteRecordMutation();
  const [restoreRecord, restoring] = vatReturnsApi.useRestoreRecordMutation();
  const sorted = useMemo(() => sortRecords(records), [records]);
  const period = { start: draft.periodStart, end: draft.periodEnd };

  async function restore(record: VatRecord) {
    try {
      await restoreRecord(record.id).unwrap();
      setDeleted((current) => (current?.id === record.id ? null : current));
      notify({ type: 'success', message: t('vatReturns:records.restored', { description: record.description }) });
    } catch (caught) {
      notify({
        type: 'error',
        title: t('vatReturns:records.restoreFailed'),
        message: describeError(asQueryError(caught), t),
      });
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
      notify({
        type: 'error',
        title: t('vatReturns:records.deleteFailed'),
        message: describeError(asQueryError(caught), t),
      });
    }
  }

  function downloadCsv() {
    const label = (key: string) => t(`vatReturns:${key}`);
    downloadText(
      recordCsvFileName(draft.vrn, draft.periodStart, draft.periodEnd),
      toCsv(sorted, recordCsvColumns(label)),
    );
  }

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
          {sorted.length > 0 && (
            <Button variant="subtle" leftSection={<IconDownload size={16} />} onClick={downloadCsv}>
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
      {sorted.length === 0 ? (
        <EmptyState
          size="sm"
          icon={<IconReceipt size={24} />}
          title={t('vatReturns:records.empty')}
          data-testid="records-empty"
          py="md"
        />
      ) : (
        <RecordsTable
          records={sorted}
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
          record={editing.mode === 'edit' ? editing.record : undefined}
          onClose={() => setEditing(null)}
        />
      )}
      {importing && <ImportWizard vrn={draft.vrn} draftId={draft.id} onClose={() => setImporting(false)} />}
    </Stack>
  );
}
