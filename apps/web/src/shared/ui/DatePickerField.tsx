import { DateInput, DatesProvider } from '@mantine/dates';
import '@mantine/dates/styles.css';
// The dayjs locales of the languages table (languageLocales in the domain).
import 'dayjs/locale/en-gb';
import 'dayjs/locale/es';
import { localesOf } from '@vatwise/domain';
import { useTranslation } from 'react-i18next';
import { parseDayMonthYear } from '../format/date-input';
import type { DateFieldProps } from './date-field-props';

/**
 * DateField once its calendar's code has loaded: a date field that shows and reads dates as DD/MM/YYYY in the app's chosen language, not in the
 * browser's (a native date input in a US-English browser shows mm/dd/yyyy to a UK user). The
 * calendar's names follow the chosen language and its weeks start on Monday. Limits (earliest,
 * latest) are checked by each form, which explains them, rather than silently refusing a date.
 */
export default function DatePickerField({ value, onChange, minDate, maxDate, ...props }: DateFieldProps) {
  const { t, i18n } = useTranslation('common');
  return (
    <DatesProvider settings={{ locale: localesOf(i18n.language).dayjs, firstDayOfWeek: 1 }}>
      <DateInput
        {...props}
        value={value || null}
        onChange={(next) => onChange(next ?? '')}
        valueFormat="DD/MM/YYYY"
        dateParser={parseDayMonthYear}
        placeholder={t('dateField.placeholder')}
        clearable={!props.required && !props.disabled}
        clearButtonProps={{ 'aria-label': t('dateField.clear') }}
        // Not minDate/maxDate, with which a typed date outside is dropped without a word.
        excludeDate={(date) => (minDate !== undefined && date < minDate) || (maxDate !== undefined && date > maxDate)}
        autoComplete="off"
      />
    </DatesProvider>
  );
}
