import { TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseDayMonthYear } from '../format/date-input';
import type { DateFieldProps } from './date-field-props';
import { useDeferredModule } from './use-after-first-paint';

// The calendar (Mantine's dates, dayjs and a floating drop-down) is code no first paint needs.
const loadDatePickerField = () => import('./DatePickerField');

/** 'YYYY-MM-DD' as the field shows it, DD/MM/YYYY; '' for none. */
function dayMonthYear(isoDate: string): string {
  const [year, month, day] = isoDate.split('-');
  return year && month && day ? `${day}/${month}/${year}` : '';
}

/**
 * A date field that shows and reads dates as DD/MM/YYYY in the app's chosen language, whatever the
 * browser's (DatePickerField). Until its calendar's code is here, and while the user is typing in
 * it, it is the same field without the calendar: it reads a typed date the same way, so nothing
 * typed is lost when the calendar arrives.
 */
export function DateField(props: DateFieldProps) {
  const { t } = useTranslation('common');
  const deferred = useDeferredModule(loadDatePickerField);
  const [typing, setTyping] = useState<string | null>(null);
  const { value, onChange, minDate: _minDate, maxDate: _maxDate, ...field } = props;
  const plain = (
    <TextInput
      {...field}
      value={typing ?? dayMonthYear(value)}
      placeholder={t('dateField.placeholder')}
      autoComplete="off"
      {...deferred.plainHandlers}
      onFocus={() => {
        deferred.plainHandlers.onFocus();
        setTyping(dayMonthYear(value));
      }}
      onBlur={() => {
        deferred.plainHandlers.onBlur();
        setTyping(null);
      }}
      onChange={(event) => {
        const text = event.currentTarget.value;
        setTyping(text);
        const date = text.trim() === '' ? '' : parseDayMonthYear(text);
        if (date !== null && date !== value) onChange(date);
      }}
    />
  );
  const DatePickerField = deferred.module?.default;
  return DatePickerField ? <DatePickerField {...props} /> : plain;
}
