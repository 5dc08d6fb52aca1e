import { Alert, Button, Group, Input, List, Loader, Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import { type ImportKind, type ImportPreview, importKinds, importLimits } from '@vatwise/domain';
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../../shared/api/http-errors';
import { localeOf } from '../../../shared/format/format';
import { vatDialogueLog } from '../../../shared/logs/dialogue-log';
import { importProgressFeed } from '../../../shared/live/import-progress';
import { notify } from '../../../shared/toasts/notifier';
import { formatVrn } from '../../../shared/format/vrn';
import { type ImportRequest, vatReturnsApi } from '../api';
import {
  type MappingChoice,
  acceptedFileTypes,
  choiceFromMapping,
  mappingFromChoice,
  sortProblems,
} from './import-mapping';
import { type Issue, asQueryError, issuesOf } from '../common/query-error';
import { formatBytes } from '../records/records';
import { ColumnChoices } from './ColumnChoices';
import { ImportProblems, ImportRows } from './ImportPreviewTables';
import { ImportProgressPanel } from './ImportProgressPanel';

/** When a step starts, for the progress panel's time so far (called from event handlers only). */
const startedNow = () => Date.now();

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
                <ColumnChoices kind={kind} columns={columns} choice={choice} onChange={changeChoice} />
              </Stack>
            )}
            {problems.length > 0 && <ImportProblems problems={problems} problemCount={problemCount} />}
            {records.length > 0 && <ImportRows preview={preview} />}
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
