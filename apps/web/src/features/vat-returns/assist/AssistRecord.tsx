import { Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format/format';
import { assistApi } from './api';
import { AssistMessages } from './AssistMessages';

/** On the receipt: whether HMRC Assist was consulted for the figures filed, and what it said. */
export function AssistRecord({ returnId }: { returnId: string }) {
  const { t, i18n } = useTranslation('vatReturns');
  const { data } = assistApi.useAssistReportQuery(returnId);
  if (!data) return null;
  const report = data.state === 'filed' ? data.report : null;
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="assist-record-title">
      <Stack gap="sm" data-testid="assist-record">
        <Title order={2} size="h4" id="assist-record-title">
          {t('sections.assist')}
        </Title>
        {data.state === 'off' && <Text size="sm">{t('assist.receiptOff')}</Text>}
        {data.state !== 'off' && !report && <Text size="sm">{t('assist.receiptNotConsulted')}</Text>}
        {report && (
          <>
            <Text size="sm">
              {t('assist.receiptConsulted', {
                reportId: report.reportId ?? '—',
                requested: formatDateTime(report.requestedAt, i18n.language),
                name: report.requestedBy.name,
              })}
            </Text>
            <Text size="sm" data-testid="assist-record-presented">
              {report.presentedAt && report.acknowledgedAt
                ? t('assist.receiptPresented', { at: formatDateTime(report.presentedAt, i18n.language) })
                : t('assist.receiptNotPresented')}
            </Text>
            <AssistMessages report={report} />
          </>
        )}
      </Stack>
    </Paper>
  );
}
