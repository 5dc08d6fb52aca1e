import { Alert, Badge, Button, Card, FileButton, Group, NativeSelect, Stack, Table, Text, Title } from '@mantine/core';
import { type BulkInvitationAnswer, invitationCsvColumns, maxInvitationRows } from '@vatwise/domain';
import { IconDownload, IconFileUpload, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../../shared/api/http-errors';
import { StackedCell, StackedTable } from '../../../shared/ui/StackedTable';
import { hmrcApi } from '../api';
import { bulkInviteApi } from '../bulk-api';
import { useCan } from '../../practice';
import { ClientLinkActions } from './ClientLinkActions';

const template = `${invitationCsvColumns.join(',')}\r\n123456782,31/01/2020,Example Trading Ltd,accounts@example.com\r\n`;
const templateHref = `data:text/csv;charset=utf-8,${encodeURIComponent(template)}`;
const outcomeColour = { ready: 'blue', sent: 'green', refused: 'red' } as const;

/**
 * "Invite from CSV": many clients at once. The file is read and checked first (the preview), then
 * sent: HMRC is asked for each client in turn, and each row shows its outcome, with the client's
 * link or the reason it was refused.
 */
export function BulkInvite() {
  const { t } = useTranslation(['common', 'hmrc']);
  const list = hmrcApi.useClientRequestsQuery();
  const agents = list.data?.agents ?? [];
  const [agentId, setAgentId] = useState('');
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [answer, setAnswer] = useState<BulkInvitationAnswer | null>(null);
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [invite, inviting] = bulkInviteApi.useInviteFromCsvMutation();
  const userId = agentId || agents[0]?.userId || '';
  // Only the roles that may ask clients for authority see it (the server refuses the others).
  const mayAsk = useCan('askClients');
  if (agents.length === 0 || !mayAsk) return null;

  const run = async (csv: string, preview: boolean) => {
    setFailure(null);
    const result = await invite({ userId, csv, preview });
    if ('error' in result) {
      setAnswer(null);
      setFailure(describeError(result.error, t));
      return;
    }
    setAnswer(result.data);
    setSent(!preview);
  };
  const choose = async (chosen: File | null) => {
    if (!chosen) return;
    const text = await chosen.text();
    setFile({ name: chosen.name, text });
    await run(text, true);
  };
  const ready = answer?.results.filter((row) => row.outcome === 'ready').length ?? 0;

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="bulk-invite">
      <Stack gap="sm">
        <Title order={2} size="h3" id="bulk-invite">
          {t('hmrc:clients.bulk.title')}
        </Title>
        <Text size="sm">{t('hmrc:clients.bulk.intro', { max: maxInvitationRows })}</Text>
        <Group gap="xs" wrap="wrap" align="flex-end">
          {agents.length > 1 && (
            <NativeSelect
              label={t('hmrc:clients.bulk.agent')}
              value={userId}
              onChange={(event) => setAgentId(event.currentTarget.value)}
              data={agents.map((agent) => ({ value: agent.userId, label: `${agent.name} (${agent.arn})` }))}
            />
          )}
          <Button
            component="a"
            href={templateHref}
            download="clients-template.csv"
            variant="default"
            size="sm"
            leftSection={<IconDownload size={16} aria-hidden />}
          >
            {t('hmrc:clients.bulk.template')}
          </Button>
          <FileButton onChange={(chosen) => void choose(chosen)} accept=".csv,text/csv">
            {(props) => (
              <Button
                {...props}
                size="sm"
                variant="light"
                leftSection={<IconFileUpload size={16} aria-hidden />}
                loading={inviting.isLoading && !sent && !answer}
                data-testid="bulk-choose"
              >
                {t('hmrc:clients.bulk.choose')}
              </Button>
            )}
          </FileButton>
        </Group>
        {file && (
          <Text size="sm" c="dimmed">
            {t('hmrc:clients.bulk.file', { name: file.name })}
          </Text>
        )}
        {failure && (
          <Alert color="red" role="alert" p="xs">
            {failure}
          </Alert>
        )}
        {answer && (
          <Stack gap="xs">
            <Text size="sm" role="status" data-testid="bulk-summary">
              {sent
                ? t('hmrc:clients.bulk.summarySent', { sent: answer.sent, refused: answer.refused })
                : t('hmrc:clients.bulk.summaryPreview', { ready, refused: answer.refused })}
            </Text>
            <StackedTable minWidth={720}>
              <Table verticalSpacing="xs" data-testid="bulk-results">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('hmrc:clients.bulk.columns.row')}</Table.Th>
                    <Table.Th>{t('hmrc:clients.bulk.columns.client')}</Table.Th>
                    <Table.Th>{t('hmrc:clients.bulk.columns.date')}</Table.Th>
                    <Table.Th>{t('hmrc:clients.bulk.columns.outcome')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {answer.results.map((row) => (
                    <Table.Tr key={row.row} data-testid="bulk-row" data-outcome={row.outcome}>
                      <StackedCell label={t('hmrc:clients.bulk.columns.row')}>{row.row}</StackedCell>
                      <StackedCell label={t('hmrc:clients.bulk.columns.client')} part="title">
                        <Text size="sm" fw={600}>
                          {row.name || row.vrn}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {[row.vrn, row.email].filter(Boolean).join(' · ')}
                        </Text>
                      </StackedCell>
                      <StackedCell label={t('hmrc:clients.bulk.columns.date')}>{row.registrationDate}</StackedCell>
                      <StackedCell label={t('hmrc:clients.bulk.columns.outcome')}>
                        <Stack gap={4}>
                          <Badge color={outcomeColour[row.outcome]} variant="light">
                            {t(`hmrc:clients.bulk.outcomes.${row.outcome}`)}
                          </Badge>
                          {row.reason && (
                            <Text size="xs" c="red" data-testid="bulk-reason">
                              {row.code && row.code !== 'VALIDATION_FAILED'
                                ? t(`errors.${row.code}`, { defaultValue: row.reason })
                                : row.reason}
                            </Text>
                          )}
                          {row.link && (
                            <ClientLinkActions request={{ link: row.link, vrn: row.vrn, expiresOn: null }} />
                          )}
                        </Stack>
                      </StackedCell>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </StackedTable>
            {!sent && ready > 0 && file && (
              <Group>
                <Button
                  leftSection={<IconSend size={16} aria-hidden />}
                  loading={inviting.isLoading}
                  onClick={() => void run(file.text, false)}
                  data-testid="bulk-send"
                >
                  {t('hmrc:clients.bulk.send', { count: ready })}
                </Button>
                {inviting.isLoading && (
                  <Text size="sm" c="dimmed">
                    {t('hmrc:clients.bulk.sending')}
                  </Text>
                )}
              </Group>
            )}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
