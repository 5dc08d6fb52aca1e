import { Alert, Anchor, Button, Group, NativeSelect, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { formatDate } from '../../../shared/format/format';
import { usePageTitle } from '../../../shared/ui/use-page-title';
import { demoSurveysApi } from '../api';
import { LoadingState } from '../components/LoadingState';
import { SurveyLabelBadge, SurveyStatusBadge } from '../components/SurveyBadges';
import { type SurveyListControls, controlsFromParams, paramsFromControls, viewOf } from '../list-view';
import { type FilterColumn, type SurveyColumn, filterColumns, filterValues, surveyColumns } from '../survey';
import { visibleSurveys } from '../survey-rules';
import { TableScroll } from '../../../shared/ui/TableScroll';

/** Marks the list's own address changes, so only someone else's (the navigation link) resets the controls. */
const ownChange = { surveyList: true };
const isOwnChange = (state: unknown) => (state as typeof ownChange | null)?.surveyList === true;

/** Demo survey list (docs/reference/product.md §4, 'Survey demo'): filter, keyword search and order, all together. */
export default function SurveyListPage() {
  const { t, i18n } = useTranslation(['common', 'demoSurveys']);
  usePageTitle(t('demoSurveys:listTitle'));
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const surveys = demoSurveysApi.useSurveysQuery();

  // The controls live here and are copied to the address: a text box fed from the router would
  // lose keystrokes, because the router applies address changes as transitions.
  const [controls, setControls] = useState(() => controlsFromParams(params));
  const [seenLocation, setSeenLocation] = useState(location.key);
  if (seenLocation !== location.key) {
    setSeenLocation(location.key);
    if (!isOwnChange(location.state)) setControls(controlsFromParams(params));
  }
  const change = (patch: Partial<SurveyListControls>) => {
    const next = { ...controls, ...patch };
    setControls(next);
    setParams(paramsFromControls(next), { replace: true, state: ownChange });
  };

  const all = surveys.data ?? [];
  const shown = visibleSurveys(all, viewOf(controls));
  const columnLabel = (column: SurveyColumn) => t(`demoSurveys:columns.${column}`);

  const content = () => {
    if (surveys.isLoading) return <LoadingState label={t('demoSurveys:loadingList')} />;
    if (surveys.isError) {
      return (
        <Alert color="red" role="alert">
          {t('demoSurveys:loadFailed')}{' '}
          <Button size="xs" variant="subtle" onClick={() => void surveys.refetch()}>
            {t('demoSurveys:retry')}
          </Button>
        </Alert>
      );
    }
    if (shown.length === 0) {
      return (
        <Stack gap="xs" align="flex-start" data-testid="demo-surveys-empty">
          <Text c="dimmed">{t('demoSurveys:noMatch')}</Text>
          <Button variant="default" size="xs" onClick={() => change({ keyword: '', filterValue: '' })}>
            {t('demoSurveys:clear')}
          </Button>
        </Stack>
      );
    }
    return (
      <TableScroll minWidth={760}>
        <Table striped highlightOnHover verticalSpacing="sm" aria-label={t('demoSurveys:listTitle')}>
          <Table.Thead>
            <Table.Tr>
              {surveyColumns.map((column) => (
                <Table.Th key={column}>{columnLabel(column)}</Table.Th>
              ))}
              <Table.Th>{t('demoSurveys:columns.createDate')}</Table.Th>
              <Table.Th ta="end">{t('demoSurveys:columns.questions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((survey) => (
              <Table.Tr key={survey.id} data-testid="survey-row">
                <Table.Td>
                  <Anchor component={Link} to={String(survey.id)} state={{ listSearch: location.search }} fw={600}>
                    {survey.title}
                  </Anchor>
                  <Text size="sm" c="dimmed">
                    {survey.detail}
                  </Text>
                </Table.Td>
                <Table.Td>{survey.category}</Table.Td>
                <Table.Td>
                  <SurveyStatusBadge status={survey.status} />
                </Table.Td>
                <Table.Td>
                  <SurveyLabelBadge label={survey.label} color={survey.labelColor} />
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(survey.createDate, i18n.language)}</Table.Td>
                <Table.Td ta="end">{survey.questions.length}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScroll>
    );
  };

  return (
    <Stack gap="lg" data-testid="demo-surveys">
      <Stack gap={4}>
        <Title order={1}>{t('demoSurveys:listTitle')}</Title>
        <Text c="dimmed">{t('demoSurveys:intro')}</Text>
      </Stack>
      <Group align="flex-end" gap="sm">
        <TextInput
          label={t('demoSurveys:search')}
          placeholder={t('demoSurveys:searchPlaceholder')}
          leftSection={<IconSearch size={16} />}
          value={controls.keyword}
          onChange={(event) => change({ keyword: event.currentTarget.value })}
          w={{ base: '100%', sm: 320 }}
        />
        <NativeSelect
          label={t('demoSurveys:filterColumn')}
          value={controls.filterColumn}
          onChange={(event) => change({ filterColumn: event.currentTarget.value as FilterColumn, filterValue: '' })}
          data={filterColumns.map((column) => ({ value: column, label: columnLabel(column) }))}
        />
        <NativeSelect
          label={t('demoSurveys:filterValue')}
          value={controls.filterValue}
          onChange={(event) => change({ filterValue: event.currentTarget.value })}
          data={[
            { value: '', label: t('demoSurveys:anyValue') },
            ...filterValues[controls.filterColumn].map((value) => ({ value, label: value })),
          ]}
        />
        <NativeSelect
          label={t('demoSurveys:sortBy')}
          value={controls.sortBy}
          onChange={(event) => change({ sortBy: event.currentTarget.value as SurveyColumn | '' })}
          data={[
            { value: '', label: t('demoSurveys:unsorted') },
            ...surveyColumns.map((column) => ({ value: column, label: columnLabel(column) })),
          ]}
        />
      </Group>
      {surveys.data && (
        <Text size="sm" c="dimmed" role="status" data-testid="demo-surveys-count">
          {t('demoSurveys:shown', { shown: shown.length, total: all.length })}
        </Text>
      )}
      {content()}
    </Stack>
  );
}
