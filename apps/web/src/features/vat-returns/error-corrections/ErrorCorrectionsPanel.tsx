import { Alert, Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { type ErrorCorrection, type ErrorCorrectionWorking, type ReturnDraft } from '@vatwise/domain';
import { IconArrowBackUp, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../../shared/api/http-errors';
import { formatBoxAmount, formatDate, formatMoney } from '../../../shared/format/format';
import { ErrorState } from '../../../shared/ui/QueryStates';
import { TableScroll } from '../../../shared/ui/TableScroll';
import { vatReturnsApi } from '../api';
import { asQueryError } from '../common/query-error';
import { CorrectionForm } from './CorrectionForm';
import { ErrorNotification } from './ErrorNotification';

interface ErrorCorrectionsPanelProps {
  draft: ReturnDraft;
  editable: boolean;
  /** On the receipt: nothing at all for a return without errors, and a heading of its own when it has some. */
  onReceipt?: boolean;
}

/**
 * Errors found in earlier returns (VAT Notice 700/45): the form to add one, the list, the working
 * (limit, 1% of box 6, net value) with the method it leads to, and, when they must be notified
 * separately, the notification's content to download as a PDF or copy. The server decides the
 * method; the screen shows its working.
 */
export function ErrorCorrectionsPanel({ draft, editable, onReceipt = false }: ErrorCorrectionsPanelProps) {
  const { t } = useTranslation(['common', 'vatReturns']);
  const query = vatReturnsApi.useErrorCorrectionsQuery(draft.id);
  const [remove, removing] = vatReturnsApi.useRemoveErrorCorrectionMutation();
  const [add, undoing] = vatReturnsApi.useAddErrorCorrectionMutation();
  const [removed, setRemoved] = useState<ErrorCorrection | null>(null);
  const failed = removing.error ?? undoing.error;
  const removeError = failed ? describeError(asQueryError(failed), t) : null;

  if (onReceipt && !query.data?.corrections.length) return null;
  if (query.isError && !query.data) {
    return <ErrorState error={query.error} onRetry={() => void query.refetch()} testId="error-corrections-error" />;
  }
  if (!query.data) {
    return <Text size="sm">{t('vatReturns:errorCorrections.loading')}</Text>;
  }
  const { corrections, working, notification } = query.data;

  async function removeOne(correction: ErrorCorrection) {
    const result = await remove({ id: draft.id, correctionId: correction.id });
    if ('data' in result) setRemoved(correction);
  }

  async function undo(correction: ErrorCorrection) {
    const { id: _id, createdAt: _createdAt, ...input } = correction;
    const result = await add({ id: draft.id, input });
    if ('data' in result) setRemoved(null);
  }

  return (
    <Stack gap="md" data-testid="error-corrections">
      {onReceipt && (
        <Title order={2} size="h4">
          {t('vatReturns:sections.errorCorrections')}
        </Title>
      )}
      {corrections.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('vatReturns:errorCorrections.none')}
        </Text>
      ) : (
        <CorrectionsTable
          corrections={corrections}
          editable={editable}
          removingId={removing.isLoading ? (removing.originalArgs?.correctionId ?? null) : null}
          onRemove={(correction) => void removeOne(correction)}
        />
      )}
      {removed && (
        <Alert color="gray" data-testid="error-correction-removed">
          <Group justify="space-between" gap="sm">
            <Text size="sm">{t('vatReturns:errorCorrections.removed')}</Text>
            <Button
              size="xs"
              variant="light"
              leftSection={<IconArrowBackUp size={14} />}
              loading={undoing.isLoading}
              onClick={() => void undo(removed)}
            >
              {t('vatReturns:errorCorrections.undo')}
            </Button>
          </Group>
        </Alert>
      )}
      {removeError && (
        <Alert color="red" role="alert">
          <Text size="sm">{removeError}</Text>
        </Alert>
      )}
      {working.method !== 'none' && <Working working={working} />}
      {notification && <ErrorNotification returnId={draft.id} notification={notification} />}
      {editable && <CorrectionForm returnId={draft.id} onAdded={() => setRemoved(null)} />}
    </Stack>
  );
}

function CorrectionsTable({
  corrections,
  editable,
  removingId,
  onRemove,
}: {
  corrections: ErrorCorrection[];
  editable: boolean;
  removingId: string | null;
  onRemove: (correction: ErrorCorrection) => void;
}) {
  const { t, i18n } = useTranslation(['common', 'vatReturns']);
  const language = i18n.language;
  return (
    <TableScroll minWidth={640}>
      <Table verticalSpacing="xs" fz="sm" aria-label={t('vatReturns:errorCorrections.listLabel')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('vatReturns:errorCorrections.period')}</Table.Th>
            <Table.Th ta="end">{t('vatReturns:errorCorrections.outputTax')}</Table.Th>
            <Table.Th ta="end">{t('vatReturns:errorCorrections.inputTax')}</Table.Th>
            <Table.Th>{t('vatReturns:errorCorrections.cause')}</Table.Th>
            <Table.Th>{t('vatReturns:errorCorrections.description')}</Table.Th>
            {editable && <Table.Th />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {corrections.map((correction) => (
            <Table.Tr key={correction.id} data-testid="error-correction">
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {formatDate(correction.periodStart, language)} – {formatDate(correction.periodEnd, language)}
              </Table.Td>
              <Table.Td ta="end" style={{ whiteSpace: 'nowrap' }}>
                {formatMoney(correction.outputTaxPence, language)}
              </Table.Td>
              <Table.Td ta="end" style={{ whiteSpace: 'nowrap' }}>
                {formatMoney(correction.inputTaxPence, language)}
              </Table.Td>
              <Table.Td>{t(`vatReturns:errorCorrections.causes.${correction.cause}`)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'pre-wrap' }}>{correction.description}</Table.Td>
              {editable && (
                <Table.Td>
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    color="red"
                    leftSection={<IconTrash size={14} />}
                    loading={removingId === correction.id}
                    aria-label={t('vatReturns:errorCorrections.removeOne', {
                      period: `${formatDate(correction.periodStart, language)} – ${formatDate(correction.periodEnd, language)}`,
                    })}
                    onClick={() => onRemove(correction)}
                  >
                    {t('vatReturns:errorCorrections.remove')}
                  </Button>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}

/** The limit, the net value and which method follows, and why. */
function Working({ working }: { working: ErrorCorrectionWorking }) {
  const { t, i18n } = useTranslation(['common', 'vatReturns']);
  const money = (pence: number) => formatMoney(pence, i18n.language);
  const rows: [string, string][] = [
    [t('vatReturns:errorCorrections.working.box6'), formatBoxAmount(6, working.box6Pence, i18n.language)],
    [t('vatReturns:errorCorrections.working.onePercent'), money(working.onePercentOfBox6Pence)],
    [t('vatReturns:errorCorrections.working.limit'), money(working.limitPence)],
    [t('vatReturns:errorCorrections.working.under'), money(working.underDeclaredPence)],
    [t('vatReturns:errorCorrections.working.over'), money(working.overDeclaredPence)],
    [t('vatReturns:errorCorrections.working.net'), money(working.netPence)],
  ];
  const onReturn = working.method === 'return';
  return (
    <Paper withBorder p="sm" data-testid="error-correction-working">
      <Stack gap="xs">
        <Group gap="sm">
          <Title order={3} size="h5">
            {t('vatReturns:errorCorrections.working.title')}
          </Title>
          <Badge color={onReturn ? 'green' : 'orange'} variant="light" data-testid="error-correction-method">
            {t(`vatReturns:errorCorrections.methods.${onReturn ? 'return' : 'separate'}`)}
          </Badge>
        </Group>
        <Table fz="sm" verticalSpacing={4} withRowBorders={false}>
          <Table.Tbody>
            {rows.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Td>{label}</Table.Td>
                <Table.Td ta="end" style={{ whiteSpace: 'nowrap' }}>
                  {value}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Text size="sm" data-testid="error-correction-reason">
          {t(`vatReturns:errorCorrections.reasons.${working.reason}`, {
            net: money(Math.abs(working.netPence)),
            limit: money(working.limitPence),
          })}
        </Text>
        {working.carelessAdvice && onReturn && (
          <Alert color="yellow" data-testid="error-correction-careless">
            <Text size="sm">{t('vatReturns:errorCorrections.carelessAdvice')}</Text>
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
