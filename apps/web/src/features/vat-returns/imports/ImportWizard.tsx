import {
  Alert,
  Button,
  Group,
  Input,
  List,
  Loader,
  Modal,
  NativeSelect,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { type ImportKind, type ImportPreview, importKinds, importLimits } from '@vatwise/domain';
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../../shared/api/http-errors';
import { formatDate, formatMoney, localeOf } from '../../../shared/format/format';
import { vatDialogueLog } from '../../../shared/logs/dialogue-log';
import { importProgressFeed } from '../../../shared/live/import-progress';
import { notify } from '../../../shared/toasts/notifier';
import { formatVrn } from '../../hmrc-connection';
import { type ImportRequest, vatReturnsApi } from '../api';
import {
  type ColumnField,
  type MappingChoice,
  acceptedFileTypes,
  choiceFromMapping,
  mappingFromChoice,
  optionalFields,
  requiredFields,
  sortProblems,
} from './import-mapping';
import { type Issue, asQueryError, issuesOf } from '../common/query-error';
import { rateOrBoxLabel } from '../records/record-labels';
import { formatBytes, recordAmounts } from '../records/records';
import { ImportProgressPanel } from './ImportProgressPanel';
import { TableScroll } from '../../../shared/ui/TableScroll';

/** When a step starts, for the progress panel's time so far (called from event handlers only). */
const startedNow = () => Date.now();

/** Rows shown in the preview: enough to check the columns were read right. */
const previewRows = 50;
const { maxFileBytes, maxDataRows } = importLimits;

interface ImportWizardProps {
  vrn: string;
  draftId: string;
  onClose: () => void;
}

interface ChosenFile {
  name: string;
  content: Blob;
}

/**
 * Importing a CSV or XLSX file: choose what it holds, pick the file, check the columns and the rows
 * read from it, then import. Nothing is saved until "Import", and a file with any problem imports
 * nothing (the server refuses it whole).
 */
export function ImportWizard({ vrn, draftId, onClose }: ImportWizardProps) {
  const { t, i18n } = useTranslation(['common', 'vatReturns']);
  const language = i18n.language;
  const fileId = useId();
  const [kind, setKind] = useState<ImportKind>('transactions');
  const [file, setFile] = useState<ChosenFile | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [choice, setChoice] = useState<MappingChoice>(() => choiceFromMapping(null));
  const [failure, setFailure] = useState<{ message: string; issues: Issue[] } | null>(null);
  const [reading, setReading] = useState(false);
  // A file being read for its preview or imported: what the progress panel shows.
  const [activity, setActivity] = useState<{
    fileName: string;
    phase: 'previewing' | 'importing';
    startedAt: number;
  } | null>(null);
  const [requestPreview, previewState] = vatReturnsApi.usePreviewImportMutation();
  const [applyImport, applyState] = vatReturnsApi.useApplyImportMutation();
  // Only the newest preview counts: answers to earlier column choices may come back after it.
  const latest = useRef(0);
  // The window can be closed while an import carries on: a failure then goes to a toast.
  const shown = useRef(true);
  useEffect(() => {
    shown.current = true;
    return () => {
      shown.current = false;
    };
  }, []);

  async function runPreview(target: ChosenFile, forKind: ImportKind, mapping?: ImportRequest['mapping']) {
    const request = ++latest.current;
    setFailure(null);
    try {
      const result = await requestPreview({
        vrn,
        draftId,
        kind: forKind,
        fileName: target.name,
        content: target.content,
        ...(mapping ? { mapping } : {}),
      }).unwrap();
      if (request !== latest.current) return;
      setPreview(result);
      setChoice(choiceFromMapping(result.mapping));
    } catch (caught) {
      if (request !== latest.current) return;
      setPreview(null);
      setFailure({ message: describeError(asQueryError(caught), t), issues: [] });
    }
  }

  async function chooseFile(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.currentTarget.files?.[0];
    setPreview(null);
    setFile(null);
    if (!chosen) return;
    if (chosen.size > maxFileBytes) {
      setFailure({ message: t('vatReturns:import.tooBig', { size: formatBytes(maxFileBytes) }), issues: [] });
      return;
    }
    setReading(true);
    setActivity({ fileName: chosen.name, phase: 'previewing', startedAt: startedNow() });
    try {
      // Read once now: a file changed on disk before "Import" must not import other rows than previewed.
      const next = { name: chosen.name, content: new Blob([await chosen.arrayBuffer()]) };
      setFile(next);
      await runPreview(next, kind);
    } catch {
      setFailure({ message: t('vatReturns:import.unreadable'), issues: [] });
    } finally {
      setReading(false);
      setActivity(null);
    }
  }

  function changeKind(value: string) {
    const next = importKinds.find((candidate) => candidate === value) ?? 'transactions';
    setKind(next);
    setPreview(null);
    setChoice(choiceFromMapping(null));
    if (file) void runPreview(file, next);
  }

  function changeChoice(next: MappingChoice) {
    setChoice(next);
    const mapping = mappingFromChoice(kind, next);
    if (file && mapping) void runPreview(file, kind, mapping);
  }

  async function apply() {
    if (!file || !preview) return;
    const mapping = mappingFromChoice(kind, choice);
    importProgressFeed.forget(draftId);
    setActivity({ fileName: file.name, phase: 'importing', startedAt: startedNow() });
    try {
      const result = await applyImport({
        vrn,
        draftId,
        kind,
        fileName: file.name,
        content: file.content,
        ...(mapping ? { mapping } : {}),
      }).unwrap();
      const count = result.recordCount;
      vatDialogueLog.append(
        'success',
        t('vatReturns:log.imported', {
          count,
          file: file.name,
          sha: result.import.sha256.slice(0, 12),
          vrn: formatVrn(vrn),
        }),
      );
      notify({
        type: 'success',
        title: t('vatReturns:import.doneTitle'),
        message: t('vatReturns:import.done', { count, file: file.name }),
      });
      onClose();
    } catch (caught) {
      const error = asQueryError(caught);
      const message = describeError(error, t);
      vatDialogueLog.append('error', t('vatReturns:log.importFailed', { file: file.name, message }));
      setFailure({ message, issues: issuesOf(error) });
      if (!shown.current)
        notify({ type: 'error', title: t('vatReturns:import.failedTitle', { file: file.name }), message });
    } finally {
      // The window may have been closed meanwhile: the import carried on, and its toast says how it went.
      setActivity(null);
    }
  }

  const columns = [...new Set(preview?.columns ?? [])];
  const problems = sortProblems(preview?.problems ?? []);
  const records = preview?.records ?? [];
  const busy = reading || previewState.isLoading;
  const recordCount = preview?.recordCount ?? 0;
  const problemCount = preview?.problemCount ?? 0;
  const canImport = Boolean(file && preview) && problemCount === 0 && recordCount > 0 && !busy;
  // Records carry a payment date only when a column was chosen for it.
  const showPaidOn = records.some((record) => 'paidOn' in record);

  const columnSelect = (field: ColumnField, optional: boolean) => (
    <Select
      key={field}
      label={t(`vatReturns:import.fields.${field}`)}
      description={field === 'paidOn' ? t('vatReturns:import.paidOnHint') : undefined}
      placeholder={t(optional ? 'vatReturns:import.notInFile' : 'vatReturns:import.chooseColumn')}
      data={columns}
      value={choice.columns[field] ?? null}
      onChange={(value) => changeChoice({ ...choice, columns: { ...choice.columns, [field]: value } })}
      clearable={optional}
      allowDeselect={optional}
      required={!optional}
      error={!optional && !choice.columns[field] ? t('vatReturns:import.columnNeeded') : undefined}
    />
  );

  return (
    <Modal
      opened
      onClose={onClose}
      size="xl"
      title={t('vatReturns:import.title')}
      closeButtonProps={{ 'aria-label': t('vatReturns:close') }}
    >
      <Stack gap="md" data-testid="import-wizard">
        <Input.Wrapper label={t('vatReturns:import.kindLabel')} id={`${fileId}-kind`} labelElement="div">
          <SegmentedControl
            fullWidth
            aria-labelledby={`${fileId}-kind-label`}
            value={kind}
            onChange={changeKind}
            data={importKinds.map((value) => ({ value, label: t(`vatReturns:import.kinds.${value}`) }))}
          />
        </Input.Wrapper>
        <Text size="sm" c="dimmed">
          {t(`vatReturns:import.kindHints.${kind}`)}
        </Text>
        <Input.Wrapper
          label={t('vatReturns:import.file')}
          description={t('vatReturns:import.fileHint', {
            size: formatBytes(maxFileBytes),
            rows: maxDataRows.toLocaleString(localeOf(language)),
          })}
          id={fileId}
        >
          <input
            id={fileId}
            type="file"
            accept={acceptedFileTypes}
            aria-describedby={`${fileId}-description`}
            onChange={(event) => void chooseFile(event)}
            style={{ display: 'block', marginTop: 'var(--mantine-spacing-xs)' }}
          />
        </Input.Wrapper>

        {activity ? (
          <ImportProgressPanel draftId={draftId} {...activity} />
        ) : (
          busy && (
            <Group gap="xs" role="status">
              <Loader size="sm" />
              <Text size="sm">{t('vatReturns:import.reading')}</Text>
            </Group>
          )
        )}

        {failure && (
          <Alert color="red" role="alert" title={failure.message} data-testid="import-error">
            {failure.issues.length > 0 && (
              <List size="sm">
                {failure.issues.map((issue, index) => (
                  <List.Item key={index}>{issue.path ? `${issue.path}: ${issue.message}` : issue.message}</List.Item>
                ))}
              </List>
            )}
          </Alert>
        )}

        {preview && (
          <>
            <Text size="sm">
              {t('vatReturns:import.summary', {
                file: preview.fileName,
                size: formatBytes(preview.sizeBytes),
                count: recordCount,
              })}
            </Text>
            {columns.length > 0 && (
              <Stack gap="xs">
                <Text fw={600} size="sm">
                  {t('vatReturns:import.columnsTitle')}
                </Text>
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  {requiredFields[kind].map((field) => columnSelect(field, false))}
                  {optionalFields[kind].map((field) => columnSelect(field, true))}
                  {kind === 'transactions' && !choice.columns.kind && (
                    <NativeSelect
                      label={t('vatReturns:import.defaultKind')}
                      value={choice.defaultKind}
                      onChange={(event) =>
                        changeChoice({
                          ...choice,
                          defaultKind: event.currentTarget.value === 'purchase' ? 'purchase' : 'sale',
                        })
                      }
                      data={[
                        { value: 'sale', label: t('vatReturns:kinds.sale') },
                        { value: 'purchase', label: t('vatReturns:kinds.purchase') },
                      ]}
                    />
                  )}
                </SimpleGrid>
              </Stack>
            )}
            {problems.length > 0 && (
              <Alert
                color="red"
                title={t('vatReturns:import.problemsTitle', { count: problemCount })}
                data-testid="import-problems"
              >
                <TableScroll minWidth={420} mah={240}>
                  <Table
                    verticalSpacing={4}
                    fz="sm"
                    aria-label={t('vatReturns:import.problemsTitle', { count: problemCount })}
                  >
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th scope="col">{t('vatReturns:import.row')}</Table.Th>
                        <Table.Th scope="col">{t('vatReturns:import.column')}</Table.Th>
                        <Table.Th scope="col">{t('vatReturns:import.problem')}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {problems.map((problem, index) => (
                        <Table.Tr key={index}>
                          <Table.Td>{problem.row ?? t('vatReturns:import.wholeFile')}</Table.Td>
                          <Table.Td>{problem.column ?? '—'}</Table.Td>
                          <Table.Td>{problem.message}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </TableScroll>
                {problemCount > problems.length && (
                  <Text size="xs" mt={4}>
                    {t('vatReturns:import.firstProblems', { shown: problems.length, count: problemCount })}
                  </Text>
                )}
              </Alert>
            )}
            {records.length > 0 && (
              <Stack gap={4}>
                <TableScroll minWidth={showPaidOn ? 840 : 720} mah={320}>
                  <Table verticalSpacing={4} fz="sm" striped aria-label={t('vatReturns:import.rowsLabel')}>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th scope="col">{t('vatReturns:import.row')}</Table.Th>
                        <Table.Th scope="col">{t('vatReturns:columns.date')}</Table.Th>
                        <Table.Th scope="col">{t('vatReturns:columns.description')}</Table.Th>
                        <Table.Th scope="col">{t('vatReturns:columns.type')}</Table.Th>
                        <Table.Th scope="col">{t('vatReturns:columns.rateOrBox')}</Table.Th>
                        <Table.Th scope="col" ta="end">
                          {t('vatReturns:columns.net')}
                        </Table.Th>
                        <Table.Th scope="col" ta="end">
                          {t('vatReturns:columns.vat')}
                        </Table.Th>
                        {showPaidOn && <Table.Th scope="col">{t('vatReturns:columns.paidOn')}</Table.Th>}
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {records.slice(0, previewRows).map((record, index) => {
                        const { netPence, vatPence } = recordAmounts(record);
                        return (
                          <Table.Tr key={index}>
                            <Table.Td>{preview.rows[index] ?? '—'}</Table.Td>
                            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(record.date, language)}</Table.Td>
                            <Table.Td>{record.description}</Table.Td>
                            <Table.Td>{t(`vatReturns:kinds.${record.kind}`)}</Table.Td>
                            <Table.Td>{rateOrBoxLabel(record, t)}</Table.Td>
                            <Table.Td ta="end">{formatMoney(netPence, language)}</Table.Td>
                            <Table.Td ta="end">{formatMoney(vatPence, language)}</Table.Td>
                            {showPaidOn && (
                              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                                {'paidOn' in record && record.paidOn
                                  ? formatDate(record.paidOn, language)
                                  : t('vatReturns:recordForm.notPaid')}
                              </Table.Td>
                            )}
                          </Table.Tr>
                        );
                      })}
                    </Table.Tbody>
                  </Table>
                </TableScroll>
                {recordCount > Math.min(records.length, previewRows) && (
                  <Text size="xs" c="dimmed">
                    {t('vatReturns:import.firstRows', {
                      shown: Math.min(records.length, previewRows),
                      count: recordCount,
                    })}
                  </Text>
                )}
              </Stack>
            )}
          </>
        )}

        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('vatReturns:cancel')}
          </Button>
          <Button onClick={() => void apply()} disabled={!canImport} loading={applyState.isLoading}>
            {t('vatReturns:import.apply', { count: recordCount })}
          </Button>
        </Group>
        {problems.length > 0 && (
          <Text size="xs" c="dimmed" ta="end">
            {t('vatReturns:import.fixFirst')}
          </Text>
        )}
      </Stack>
    </Modal>
  );
}
