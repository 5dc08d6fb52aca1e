import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  NativeSelect,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { TableScroll } from '../../../shared/ui/TableScroll';
import {
  type ErrorCause,
  errorCauses,
  type ErrorCorrection,
  type ErrorCorrectionInput,
  errorCorrectionInputSchema,
  type ErrorCorrectionWorking,
  type ReturnDraft,
  ukToday,
  type Vat652Content,
  vat652Text,
} from '@vatwise/domain';
import { IconArrowBackUp, IconCopy, IconDownload, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../../shared/api/http-errors';
import { formatBoxAmount, formatDate, formatMoney } from '../../../shared/format/format';
import { DateField } from '../../../shared/ui/DateField';
import { ErrorState } from '../../../shared/ui/QueryStates';
import { vatReturnsApi } from '../api';
import { parsePounds } from '../common/money-input';
import { asQueryError, issuesOf } from '../common/query-error';

interface ErrorCorrectionsPanelProps {
  draft: ReturnDraft;
  editable: boolean;
  /** On the receipt: nothing at all for a return without errors, and a heading of its own when it has some. */
  onReceipt?: boolean;
}

type Field = 'periodStart' | 'periodEnd' | 'outputTax' | 'inputTax' | 'cause' | 'description' | 'discoveredOn';

interface FormValues {
  periodStart: string;
  periodEnd: string;
  outputTax: string;
  inputTax: string;
  cause: ErrorCause | '';
  description: string;
  discoveredOn: string;
}

const emptyForm = (): FormValues => ({
  periodStart: '',
  periodEnd: '',
  outputTax: '',
  inputTax: '',
  cause: '',
  description: '',
  discoveredOn: ukToday(),
});

/** The server's field names (errorCorrectionInputSchema) as the form's. */
const fieldOfPath: Record<string, Field> = {
  periodStart: 'periodStart',
  periodEnd: 'periodEnd',
  outputTaxPence: 'outputTax',
  inputTaxPence: 'inputTax',
  cause: 'cause',
  description: 'description',
  discoveredOn: 'discoveredOn',
};

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
      {notification && <Notification returnId={draft.id} notification={notification} />}
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

/** Method 2: the notification's content (form VAT652) on screen, as a PDF and as text to copy. */
function Notification({ returnId, notification }: { returnId: string; notification: Vat652Content }) {
  const { t, i18n } = useTranslation(['common', 'vatReturns']);
  const language = i18n.language;
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);

  async function copy() {
    try {
      await navigator.clipboard.writeText(vat652Text(notification));
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  }

  return (
    <Alert color="orange" data-testid="error-notification" title={t('vatReturns:errorCorrections.notification.title')}>
      <Stack gap="xs">
        <Text size="sm">{t('vatReturns:errorCorrections.notification.intro')}</Text>
        <Text size="sm">
          {t('vatReturns:errorCorrections.notification.business', {
            name: notification.businessName,
            vrn: notification.vrn,
          })}
        </Text>
        <TableScroll minWidth={480}>
          <Table fz="sm" verticalSpacing={4} aria-label={t('vatReturns:errorCorrections.notification.periods')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('vatReturns:errorCorrections.period')}</Table.Th>
                <Table.Th ta="end">{t('vatReturns:errorCorrections.outputTax')}</Table.Th>
                <Table.Th ta="end">{t('vatReturns:errorCorrections.inputTax')}</Table.Th>
                <Table.Th ta="end">{t('vatReturns:errorCorrections.net')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {notification.periods.map((period) => (
                <Table.Tr key={`${period.periodStart}-${period.periodEnd}`}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {formatDate(period.periodStart, language)} – {formatDate(period.periodEnd, language)}
                  </Table.Td>
                  <Table.Td ta="end">{formatMoney(period.outputTaxPence, language)}</Table.Td>
                  <Table.Td ta="end">{formatMoney(period.inputTaxPence, language)}</Table.Td>
                  <Table.Td ta="end">{formatMoney(period.netPence, language)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
        <Text size="sm" fw={700} data-testid="error-notification-total">
          {t('vatReturns:errorCorrections.notification.total', {
            amount: formatMoney(notification.netPence, language),
          })}
        </Text>
        <Text size="xs" c="dimmed">
          {t('vatReturns:errorCorrections.notification.english')}
        </Text>
        <Group gap="sm">
          <Button
            component="a"
            href={`/api/vat_returns/${encodeURIComponent(returnId)}/error-notification.pdf`}
            download
            size="xs"
            leftSection={<IconDownload size={14} />}
          >
            {t('vatReturns:errorCorrections.notification.downloadPdf')}
          </Button>
          <Button size="xs" variant="default" leftSection={<IconCopy size={14} />} onClick={() => void copy()}>
            {t('vatReturns:errorCorrections.notification.copy')}
          </Button>
          {copied && (
            <Text size="sm" role="status">
              {t(`vatReturns:errorCorrections.notification.${copied === 'yes' ? 'copied' : 'copyFailed'}`)}
            </Text>
          )}
        </Group>
      </Stack>
    </Alert>
  );
}

/** Adds an error: its earlier period, the VAT on sales and on purchases it got wrong, its cause and story. */
function CorrectionForm({ returnId, onAdded }: { returnId: string; onAdded: () => void }) {
  const { t } = useTranslation(['common', 'vatReturns']);
  const [add, adding] = vatReturnsApi.useAddErrorCorrectionMutation();
  const [values, setValues] = useState<FormValues>(emptyForm);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const set = <K extends keyof FormValues>(field: K, value: FormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  /** The form's values as the server takes them, or the problems to fix. */
  function read(): { input: ErrorCorrectionInput } | { problems: Partial<Record<Field, string>> } {
    const problems: Partial<Record<Field, string>> = {};
    const amount = (text: string, field: 'outputTax' | 'inputTax') => {
      if (text.trim() === '') return 0;
      const pence = parsePounds(text);
      if (pence === null) problems[field] = t('vatReturns:errorCorrections.form.badAmount');
      return pence ?? 0;
    };
    const outputTaxPence = amount(values.outputTax, 'outputTax');
    const inputTaxPence = amount(values.inputTax, 'inputTax');
    if (!values.periodStart) problems.periodStart = t('vatReturns:errorCorrections.form.needDate');
    if (!values.periodEnd) problems.periodEnd = t('vatReturns:errorCorrections.form.needDate');
    if (values.periodStart && values.periodEnd && values.periodEnd < values.periodStart) {
      problems.periodEnd = t('vatReturns:errorCorrections.form.endBeforeStart');
    }
    if (!values.discoveredOn) problems.discoveredOn = t('vatReturns:errorCorrections.form.needDate');
    if (!problems.outputTax && !problems.inputTax && outputTaxPence === 0 && inputTaxPence === 0) {
      problems.outputTax = t('vatReturns:errorCorrections.form.needAmount');
    }
    if (!values.cause) problems.cause = t('vatReturns:errorCorrections.form.needCause');
    if (values.description.trim().length < 3)
      problems.description = t('vatReturns:errorCorrections.form.needDescription');
    if (Object.keys(problems).length > 0) return { problems };
    const parsed = errorCorrectionInputSchema.safeParse({
      periodStart: values.periodStart,
      periodEnd: values.periodEnd,
      outputTaxPence,
      inputTaxPence,
      cause: values.cause,
      description: values.description,
      discoveredOn: values.discoveredOn,
    });
    if (parsed.success) return { input: parsed.data };
    return {
      problems: Object.fromEntries(
        parsed.error.issues.map((issue) => [fieldOfPath[String(issue.path[0])] ?? 'description', issue.message]),
      ),
    };
  }

  async function save() {
    setFailure(null);
    const form = read();
    if ('problems' in form) {
      setErrors(form.problems);
      return;
    }
    const result = await add({ id: returnId, input: form.input });
    if ('data' in result) {
      setValues(emptyForm());
      setErrors({});
      onAdded();
      return;
    }
    const error = asQueryError(result.error);
    const issues = issuesOf(error);
    const byField: Partial<Record<Field, string>> = {};
    for (const issue of issues) {
      const field = fieldOfPath[issue.path];
      if (field) byField[field] = issue.message;
    }
    setErrors(byField);
    if (Object.keys(byField).length === 0) setFailure(describeError(error, t));
  }

  return (
    <Paper
      withBorder
      p="sm"
      component="form"
      aria-labelledby="error-correction-form-title"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Stack gap="sm">
        <Title order={3} size="h5" id="error-correction-form-title">
          {t('vatReturns:errorCorrections.form.title')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <DateField
            label={t('vatReturns:errorCorrections.form.periodStart')}
            value={values.periodStart}
            onChange={(value) => set('periodStart', value)}
            error={errors.periodStart}
            required
          />
          <DateField
            label={t('vatReturns:errorCorrections.form.periodEnd')}
            value={values.periodEnd}
            onChange={(value) => set('periodEnd', value)}
            error={errors.periodEnd}
            required
          />
          <DateField
            label={t('vatReturns:errorCorrections.form.discoveredOn')}
            value={values.discoveredOn}
            onChange={(value) => set('discoveredOn', value)}
            error={errors.discoveredOn}
            maxDate={ukToday()}
            required
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('vatReturns:errorCorrections.form.outputTax')}
            description={t('vatReturns:errorCorrections.form.outputTaxHint')}
            inputMode="decimal"
            value={values.outputTax}
            onChange={(event) => set('outputTax', event.currentTarget.value)}
            error={errors.outputTax}
          />
          <TextInput
            label={t('vatReturns:errorCorrections.form.inputTax')}
            description={t('vatReturns:errorCorrections.form.inputTaxHint')}
            inputMode="decimal"
            value={values.inputTax}
            onChange={(event) => set('inputTax', event.currentTarget.value)}
            error={errors.inputTax}
          />
        </SimpleGrid>
        <NativeSelect
          label={t('vatReturns:errorCorrections.form.cause')}
          data={[
            { value: '', label: t('vatReturns:errorCorrections.form.chooseCause'), disabled: true },
            ...errorCauses.map((cause) => ({ value: cause, label: t(`vatReturns:errorCorrections.causes.${cause}`) })),
          ]}
          value={values.cause}
          onChange={(event) => set('cause', errorCauses.find((cause) => cause === event.currentTarget.value) ?? '')}
          error={errors.cause}
          required
        />
        <Textarea
          label={t('vatReturns:errorCorrections.form.description')}
          description={t('vatReturns:errorCorrections.form.descriptionHint')}
          value={values.description}
          maxLength={1000}
          rows={3}
          onChange={(event) => set('description', event.currentTarget.value)}
          error={errors.description}
          required
        />
        {failure && (
          <Alert color="red" role="alert">
            <Text size="sm">{failure}</Text>
          </Alert>
        )}
        <div>
          <Button type="submit" leftSection={<IconPlus size={16} />} loading={adding.isLoading}>
            {t('vatReturns:errorCorrections.form.add')}
          </Button>
        </div>
      </Stack>
    </Paper>
  );
}
