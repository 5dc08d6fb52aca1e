import { Box, Group, Stack, Text } from '@mantine/core';
import { type DateRangeKind, type DateRangeProblem, dateRangeMessage, earliestFinancialDate } from '@vatwise/domain';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../shared/ui/DateField';
import { type DateRange, problemField } from '../date-range';

interface DateRangeFieldsProps {
  kind: DateRangeKind;
  value: DateRange;
  onChange: (value: DateRange) => void;
  /** From `dateRangeProblem`, worked out by the tab, which also holds its query back while there is one. */
  problem: DateRangeProblem | undefined;
  today: string;
  /** Other filters shown before the dates. */
  children?: ReactNode;
}

/**
 * From and To as the app's date fields (DD/MM/YYYY whatever the browser's language). A range HMRC would refuse is explained before
 * anything is sent, in the words HMRC's refusal gets, and the field at fault is marked invalid.
 */
export function DateRangeFields({ kind, value, onChange, problem, today, children }: DateRangeFieldsProps) {
  const { t } = useTranslation(['common', 'vatOperations']);
  const messageId = useId();
  const message = problem ? dateRangeMessage(kind, problem) : undefined;
  const text = message && (message.key ? t(message.key, { defaultValue: message.text }) : message.text);
  const field = problem ? problemField(problem) : undefined;
  // Liabilities and payments start on 6 April 2016 and cannot end in the future; obligations can.
  const bounded = kind !== 'obligations';
  const dateInput = (name: keyof DateRange) => (
    <DateField
      label={t(`vatOperations:range.${name}`)}
      value={value[name]}
      onChange={(date) => onChange({ ...value, [name]: date })}
      error={field === name}
      aria-describedby={field === name ? messageId : undefined}
      minDate={bounded ? earliestFinancialDate : undefined}
      maxDate={bounded ? today : undefined}
      w={180}
    />
  );
  return (
    <Stack gap={6}>
      <Group align="flex-end" gap="md">
        {children}
        {dateInput('from')}
        {dateInput('to')}
      </Group>
      <Box aria-live="polite">
        {text && (
          <Text size="sm" c="red" id={messageId} data-testid="date-range-problem">
            {text}
          </Text>
        )}
      </Box>
    </Stack>
  );
}
