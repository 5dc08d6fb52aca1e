import { Alert, Button, Checkbox, Container, Paper, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import type { ClientAnswer, ClientApprovalPage as PageData } from '@vatwise/domain';
import { IconChecks, IconMessageQuestion } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { describeError } from '../../../shared/api/http-errors';
import { formatDate, formatDateTime } from '../../../shared/format/format';
import { ErrorState, LoadingState } from '../../../shared/ui/QueryStates';
import { formatVrn } from '../../../shared/format/vrn';
import { NineBoxSummary } from '../common/NineBoxSummary';
import { formatPeriod } from '../common/periods';
import { asQueryError } from '../common/query-error';
import { clientApprovalApi } from './api';

/**
 * The client's page, opened from the link their accountant sent (/approve/<token>): no account,
 * no sign-in. It shows that one return's business, period and nine boxes; the client approves
 * them under the declaration, or asks a question.
 */
export default function ClientApprovalPage() {
  const { t } = useTranslation(['common', 'clientApproval']);
  const token = useParams().token ?? '';
  const page = clientApprovalApi.useClientApprovalPageQuery(token, { skip: !token });
  const [answer, setAnswer] = useState<ClientAnswer | null>(null);

  return (
    <Container size="sm" py="lg" data-testid="client-approval-page">
      <Stack gap="lg">
        <Title order={1} size="h2">
          {t('clientApproval:page.title')}
        </Title>
        {answer ? (
          <Alert color="green" role="status" data-testid="client-answer-recorded">
            <Text size="sm">
              {answer.state === 'approved'
                ? t('clientApproval:page.approvedDone')
                : t('clientApproval:page.queriedDone')}
            </Text>
          </Alert>
        ) : page.isLoading ? (
          <LoadingState label={t('clientApproval:page.loading')} />
        ) : page.isError || !page.data ? (
          <ErrorState error={page.error} testId="client-approval-error" />
        ) : (
          <ApprovalForm token={token} data={page.data} onAnswered={setAnswer} />
        )}
      </Stack>
    </Container>
  );
}

function ApprovalForm({
  token,
  data,
  onAnswered,
}: {
  token: string;
  data: PageData;
  onAnswered: (answer: ClientAnswer) => void;
}) {
  const { t, i18n } = useTranslation(['common', 'clientApproval']);
  const language = i18n.language;
  const [name, setName] = useState('');
  const [confirmed, setConfirmed] = useState(false);
  const [asking, setAsking] = useState(false);
  const [question, setQuestion] = useState('');
  const [tried, setTried] = useState(false);
  const [approve, approving] = clientApprovalApi.useClientApproveMutation();
  const [ask, askingState] = clientApprovalApi.useClientQueryMutation();
  const failure = approving.error ?? askingState.error;
  const error = failure ? describeError(asQueryError(failure), t) : null;
  const nameError = tried && !name.trim() ? t('clientApproval:page.nameNeeded') : null;

  async function submitApproval() {
    setTried(true);
    if (!name.trim() || !confirmed) return;
    const result = await approve({ token, name: name.trim(), fingerprint: data.fingerprint, confirmed: true });
    if ('data' in result && result.data) onAnswered(result.data);
  }

  async function submitQuestion() {
    setTried(true);
    if (!name.trim() || !question.trim()) return;
    const result = await ask({ token, name: name.trim(), question: question.trim() });
    if ('data' in result && result.data) onAnswered(result.data);
  }

  return (
    <Stack gap="md">
      <Text>
        {t('clientApproval:page.intro', { practice: data.practiceName || t('clientApproval:page.yourAccountant') })}
      </Text>
      <Paper withBorder p="md">
        <Stack gap={4}>
          <Text fw={700} data-testid="client-business">
            {data.businessName}
          </Text>
          <Text size="sm">{t('clientApproval:page.vrn', { vrn: formatVrn(data.vrn, language) })}</Text>
          <Text size="sm" data-testid="client-period">
            {t('clientApproval:page.period', { period: formatPeriod(data.periodStart, data.periodEnd, language) })}
          </Text>
          <Text size="sm">{t('clientApproval:page.due', { due: formatDate(data.due, language) })}</Text>
        </Stack>
      </Paper>
      {/* Narrow enough for a phone: the titles wrap rather than the table scrolling sideways. */}
      <NineBoxSummary
        boxes={data.boxes}
        label={t('clientApproval:page.boxesLabel')}
        testIdPrefix="client-box-"
        minWidth={280}
      />
      <TextInput
        label={t('clientApproval:page.name')}
        description={t('clientApproval:page.nameHint')}
        value={name}
        maxLength={200}
        autoComplete="name"
        required
        error={nameError}
        onChange={(event) => setName(event.currentTarget.value)}
        data-testid="client-name"
      />
      {asking ? (
        <Stack gap="sm">
          <Textarea
            label={t('clientApproval:page.question')}
            value={question}
            maxLength={2000}
            rows={4}
            required
            error={tried && !question.trim() ? t('clientApproval:page.questionNeeded') : null}
            onChange={(event) => setQuestion(event.currentTarget.value)}
            data-testid="client-question-text"
          />
          <Button
            leftSection={<IconMessageQuestion size={16} />}
            loading={askingState.isLoading}
            onClick={() => void submitQuestion()}
            data-testid="client-send-question"
          >
            {t('clientApproval:page.sendQuestion')}
          </Button>
          <Button variant="subtle" onClick={() => setAsking(false)}>
            {t('clientApproval:page.backToApproving')}
          </Button>
        </Stack>
      ) : (
        <Stack gap="sm">
          <Paper withBorder p="sm">
            <Checkbox
              label={t('clientApproval:page.declaration')}
              checked={confirmed}
              error={tried && !confirmed ? t('clientApproval:page.confirmNeeded') : null}
              onChange={(event) => setConfirmed(event.currentTarget.checked)}
              data-testid="client-confirm"
            />
          </Paper>
          <Text size="xs" c="dimmed">
            {t('clientApproval:page.expires', { at: formatDateTime(data.expiresAt, language) })}
          </Text>
          <Button
            color="green"
            leftSection={<IconChecks size={16} />}
            loading={approving.isLoading}
            onClick={() => void submitApproval()}
            data-testid="client-approve"
          >
            {t('clientApproval:page.approve')}
          </Button>
          <Button variant="default" onClick={() => setAsking(true)} data-testid="client-ask">
            {t('clientApproval:page.ask')}
          </Button>
        </Stack>
      )}
      {error && (
        <Alert color="red" role="alert" data-testid="client-answer-error">
          <Text size="sm">{error}</Text>
        </Alert>
      )}
    </Stack>
  );
}
