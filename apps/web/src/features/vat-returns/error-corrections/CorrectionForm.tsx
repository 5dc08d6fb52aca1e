import { Alert, Button, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  type ErrorCause,
  errorCauses,
  type ErrorCorrectionInput,
  errorCorrectionInputSchema,
  ukToday,
} from '@vatwise/domain';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../../shared/api/http-errors';
import {
  DateInputField,
  type FieldErrors,
  SelectField,
  TextAreaField,
  TextField,
  useFormState,
} from '../../../shared/ui/form';
import { vatReturnsApi } from '../api';
import { parsePounds } from '../common/money-input';
import { asQueryError, issuesOf } from '../common/query-error';

interface FormValues {
  periodStart: string;
  periodEnd: string;
  outputTax: string;
  inputTax: string;
  cause: ErrorCause | '';
  description: string;
  discoveredOn: string;
}
type Field = keyof FormValues;
type Problems = FieldErrors<FormValues, string>;

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

/** Adds an error: its earlier period, the VAT on sales and on purchases it got wrong, its cause and story. */
export function CorrectionForm({ returnId, onAdded }: { returnId: string; onAdded: () => void }) {
  const { t } = useTranslation(['common', 'vatReturns']);
  const [add, adding] = vatReturnsApi.useAddErrorCorrectionMutation();
  const form = useFormState<FormValues>(emptyForm);
  const [failure, setFailure] = useState<string | null>(null);
  const { values } = form;

  /** The form's values as the server takes them, or the problems to fix. */
  function read(): { input: ErrorCorrectionInput } | { problems: Problems } {
    const problems: Problems = {};
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
    const typed = read();
    if ('problems' in typed) {
      form.setErrors(typed.problems);
      return;
    }
    const result = await add({ id: returnId, input: typed.input });
    if ('data' in result) {
      form.reset(emptyForm());
      onAdded();
      return;
    }
    const error = asQueryError(result.error);
    const byField: Problems = {};
    for (const issue of issuesOf(error)) {
      const field = fieldOfPath[issue.path];
      if (field) byField[field] = issue.message;
    }
    form.setErrors(byField);
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
          <DateInputField
            form={form}
            name="periodStart"
            label={t('vatReturns:errorCorrections.form.periodStart')}
            required
          />
          <DateInputField
            form={form}
            name="periodEnd"
            label={t('vatReturns:errorCorrections.form.periodEnd')}
            required
          />
          <DateInputField
            form={form}
            name="discoveredOn"
            label={t('vatReturns:errorCorrections.form.discoveredOn')}
            maxDate={ukToday()}
            required
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextField
            form={form}
            name="outputTax"
            label={t('vatReturns:errorCorrections.form.outputTax')}
            description={t('vatReturns:errorCorrections.form.outputTaxHint')}
            inputMode="decimal"
          />
          <TextField
            form={form}
            name="inputTax"
            label={t('vatReturns:errorCorrections.form.inputTax')}
            description={t('vatReturns:errorCorrections.form.inputTaxHint')}
            inputMode="decimal"
          />
        </SimpleGrid>
        <SelectField
          form={form}
          name="cause"
          label={t('vatReturns:errorCorrections.form.cause')}
          options={[
            { value: '', label: t('vatReturns:errorCorrections.form.chooseCause'), disabled: true },
            ...errorCauses.map((cause) => ({ value: cause, label: t(`vatReturns:errorCorrections.causes.${cause}`) })),
          ]}
          required
        />
        <TextAreaField
          form={form}
          name="description"
          label={t('vatReturns:errorCorrections.form.description')}
          description={t('vatReturns:errorCorrections.form.descriptionHint')}
          maxLength={1000}
          rows={3}
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
