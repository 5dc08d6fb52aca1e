import { NativeSelect, Select, SimpleGrid } from '@mantine/core';
import type { ImportKind } from '@vatwise/domain';
import { useTranslation } from 'react-i18next';
import { type ColumnField, type MappingChoice, optionalFields, requiredFields } from './import-mapping';

interface ColumnChoicesProps {
  kind: ImportKind;
  /** The file's column headings. */
  columns: string[];
  choice: MappingChoice;
  onChange: (choice: MappingChoice) => void;
}

/** Which of the file's columns holds each field (the required ones first), and a default kind when none does. */
export function ColumnChoices({ kind, columns, choice, onChange: changeChoice }: ColumnChoicesProps) {
  const { t } = useTranslation(['common', 'vatReturns']);
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
  );
}
