import { ActionIcon, Alert, Button, Group, NativeSelect, Stack, Text } from '@mantine/core';
import {
  type BusinessScheme,
  type ReturnDraft,
  type VatSchemeKind,
  isCalendarDate,
  vatSchemeKinds,
} from '@vatwise/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/format/format';
import { notify } from '../../../shared/toasts/notifier';
import { DateField } from '../../../shared/ui/DateField';
import { ErrorState, LoadingState } from '../../../shared/ui/QueryStates';
import { vatReturnsApi } from '../api';
import { notifyFailure } from '../common/query-error';

/** One scheme as the form holds it: dates 'YYYY-MM-DD', or '' while empty. */
interface SpellValues {
  scheme: VatSchemeKind;
  startsOn: string;
  endsOn: string;
}

type SpellError = 'startRequired' | 'endBeforeStart';

/** What to fix in each spell before saving, by index (the server checks overlaps and says which). */
export function spellErrors(spells: readonly SpellValues[]): Map<number, SpellError> {
  const errors = new Map<number, SpellError>();
  spells.forEach((spell, index) => {
    if (!isCalendarDate(spell.startsOn)) errors.set(index, 'startRequired');
    else if (spell.endsOn && spell.endsOn < spell.startsOn) errors.set(index, 'endBeforeStart');
  });
  return errors;
}

const valuesOf = (schemes: readonly BusinessScheme[]): SpellValues[] =>
  schemes.map((spell) => ({ scheme: spell.scheme, startsOn: spell.startsOn, endsOn: spell.endsOn ?? '' }));

/**
 * The VAT schemes of the business (cash accounting and the others, each from a date): which apply
 * to this return's period, and, for an editor, the business's whole list to change. They belong to
 * the business, so every return of it follows a change; this return's boxes refresh at once.
 */
export function SchemesPanel({ draft, editable }: { draft: ReturnDraft; editable: boolean }) {
  const { t, i18n } = useTranslation(['common', 'vatReturns']);
  const query = vatReturnsApi.useVatSchemesQuery({ vrn: draft.vrn });
  const [save, saving] = vatReturnsApi.useSetVatSchemesMutation();
  const [edited, setEdited] = useState<SpellValues[] | null>(null);
  const [errors, setErrors] = useState<Map<number, SpellError>>(new Map());
  const cash = draft.computed?.cashAccounting;

  const inEffect =
    draft.schemes.length === 0
      ? t('vatReturns:schemes.noneInEffect')
      : t('vatReturns:schemes.inEffect', {
          schemes: draft.schemes.map((scheme) => t(`vatReturns:schemes.kinds.${scheme}`)).join(', '),
        });

  const spells = edited ?? valuesOf(query.data?.schemes ?? []);
  const change = (index: number, next: Partial<SpellValues>) => {
    setEdited(spells.map((spell, at) => (at === index ? { ...spell, ...next } : spell)));
    setErrors(new Map());
  };

  async function submit() {
    const found = spellErrors(spells);
    setErrors(found);
    if (found.size > 0) return;
    try {
      await save({
        vrn: draft.vrn,
        schemes: spells.map((spell) => ({ ...spell, endsOn: spell.endsOn || null })),
      }).unwrap();
      setEdited(null);
      notify({ type: 'success', message: t('vatReturns:schemes.saved') });
    } catch (caught) {
      notifyFailure(t('vatReturns:schemes.saveFailed'), caught, t);
    }
  }

  return (
    <Stack gap="sm" data-testid="vat-schemes">
      <Text fw={500} data-testid="schemes-in-effect">
        {inEffect}
      </Text>
      {cash && (
        <Alert color="blue" data-testid="cash-accounting-note">
          <Stack gap={4}>
            <Text size="sm">{t('vatReturns:schemes.cashRule')}</Text>
            {cash.leavesOn && (
              <Text size="sm" data-testid="cash-accounting-leaving">
                {t('vatReturns:schemes.leaving', { date: formatDate(cash.leavesOn, i18n.language) })}
              </Text>
            )}
            {cash.unpaidRecords > 0 && (
              <Text size="sm" data-testid="unpaid-records">
                {t('vatReturns:schemes.unpaid', { count: cash.unpaidRecords })}
              </Text>
            )}
          </Stack>
        </Alert>
      )}
      <Text size="sm" c="dimmed">
        {t('vatReturns:schemes.forBusiness')}
      </Text>
      {query.isLoading && <LoadingState label={t('vatReturns:schemes.loading')} />}
      {query.isError && <ErrorState error={query.error} onRetry={() => void query.refetch()} testId="schemes-error" />}
      {query.data && (
        <Stack gap="xs">
          {spells.length === 0 && (
            <Text size="sm" data-testid="no-schemes">
              {t('vatReturns:schemes.none')}
            </Text>
          )}
          {spells.map((spell, index) => {
            const error = errors.get(index);
            return (
              <Group key={index} align="flex-start" wrap="wrap" gap="sm" data-testid="scheme-spell">
                <NativeSelect
                  label={t('vatReturns:schemes.scheme')}
                  value={spell.scheme}
                  disabled={!editable}
                  onChange={(event) =>
                    change(index, {
                      scheme: vatSchemeKinds.find((kind) => kind === event.currentTarget.value) ?? 'cashAccounting',
                    })
                  }
                  data={vatSchemeKinds.map((kind) => ({ value: kind, label: t(`vatReturns:schemes.kinds.${kind}`) }))}
                />
                <DateField
                  label={t('vatReturns:schemes.startsOn')}
                  required
                  value={spell.startsOn}
                  disabled={!editable}
                  onChange={(date) => change(index, { startsOn: date })}
                  error={error === 'startRequired' ? t('vatReturns:schemes.errors.startRequired') : undefined}
                />
                <DateField
                  label={t('vatReturns:schemes.endsOn')}
                  description={t('vatReturns:schemes.endsOnHint')}
                  value={spell.endsOn}
                  disabled={!editable}
                  onChange={(date) => change(index, { endsOn: date })}
                  error={error === 'endBeforeStart' ? t('vatReturns:schemes.errors.endBeforeStart') : undefined}
                />
                {editable && (
                  <ActionIcon
                    mt={26}
                    variant="subtle"
                    color="red"
                    aria-label={t('vatReturns:schemes.remove', {
                      scheme: t(`vatReturns:schemes.kinds.${spell.scheme}`),
                    })}
                    onClick={() => {
                      setEdited(spells.filter((_spell, at) => at !== index));
                      setErrors(new Map());
                    }}
                  >
                    ×
                  </ActionIcon>
                )}
              </Group>
            );
          })}
          {editable && (
            <Group>
              <Button
                variant="default"
                onClick={() => setEdited([...spells, { scheme: 'cashAccounting', startsOn: '', endsOn: '' }])}
              >
                {t('vatReturns:schemes.add')}
              </Button>
              <Button onClick={() => void submit()} loading={saving.isLoading} disabled={edited === null}>
                {t('vatReturns:schemes.save')}
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Stack>
  );
}
