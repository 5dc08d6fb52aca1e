import { Alert, Button, Card, Group, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { type ClientRequest, addClientBodySchema, ukToday } from '@vatwise/domain';
import { IconSend, IconUserPlus } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { describeError } from '../../../shared/api/http-errors';
import { clientConfig } from '../../../shared/config/client-config';
import { formatDate } from '../../../shared/format/format';
import { agentDialogueLog } from '../../../shared/logs/dialogue-log';
import { DateField } from '../../../shared/ui/DateField';
import { useCan } from '../../practice';
import { hmrcApi } from '../api';
import { ClientLinkActions } from './ClientLinkActions';

type Field = 'vrn' | 'registrationDate' | 'name' | 'userId';

/**
 * "Add client": the client's VRN and VAT registration date (HMRC checks both) go to HMRC as a
 * request for authority; HMRC's link is then shown to copy or email. In the sandbox a new test
 * client (an Organisation test user) can be made and its details filled in.
 */
export function ClientRequestForm() {
  const { t, i18n } = useTranslation(['common', 'hmrc']);
  const sandbox = clientConfig.hmrcEnvironment === 'sandbox';
  const list = hmrcApi.useClientRequestsQuery();
  const agents = list.data?.agents ?? [];
  const [agentId, setAgentId] = useState('');
  const [vrn, setVrn] = useState('');
  const [registrationDate, setRegistrationDate] = useState('');
  const [name, setName] = useState('');
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState<ClientRequest | null>(null);
  const [addClient, adding] = hmrcApi.useAddClientMutation();
  const [createUser, creatingUser] = hmrcApi.useCreateSandboxUserMutation();
  const userId = agentId || agents[0]?.userId || '';
  // Only the roles that may ask clients for authority see the form (the server refuses the others).
  const mayAsk = useCan('askClients');
  if (!mayAsk) return null;

  if (list.isLoading || agents.length === 0) {
    if (list.isLoading || list.isError) return null;
    return (
      <Alert color="blue" data-testid="no-agent-authority" title={t('hmrc:clients.noAgent.title')}>
        <Stack gap="xs">
          <Text size="sm">{t(sandbox ? 'hmrc:clients.noAgent.sandbox' : 'hmrc:clients.noAgent.production')}</Text>
          <Group>
            <Button size="xs" component={Link} to="/app/grant-authority">
              {t('goToGrantAuthority')}
            </Button>
          </Group>
        </Stack>
      </Alert>
    );
  }

  const newTestClient = async () => {
    setFailure(null);
    const result = await createUser({ userType: 'Organisation' });
    if ('error' in result) {
      setFailure(describeError(result.error, t));
      return;
    }
    setVrn(result.data.vrn ?? '');
    setRegistrationDate(result.data.vatRegistrationDate ?? '');
    setName(result.data.organisationName ?? result.data.userFullName);
    setProblems({});
    agentDialogueLog.append(
      'info',
      t('hmrc:clients.testClientMade', { name: result.data.organisationName ?? '', vrn: result.data.vrn ?? '' }),
    );
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const input = { userId, vrn, registrationDate, ...(name.trim() ? { name: name.trim() } : {}) };
    const parsed = addClientBodySchema.safeParse(input);
    const found: Partial<Record<Field, string>> = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) found[issue.path[0] as Field] ??= issue.message;
    }
    if (!registrationDate) found.registrationDate = t('hmrc:clients.form.dateMissing');
    else if (registrationDate > ukToday()) found.registrationDate = t('hmrc:clients.form.dateFuture');
    setProblems(found);
    if (Object.keys(found).length > 0 || !parsed.success) return;
    const result = await addClient(parsed.data);
    if ('error' in result) {
      setFailure(describeError(result.error, t));
      return;
    }
    setSent(result.data);
    agentDialogueLog.append('success', t('hmrc:clients.sentLog', { vrn: result.data.vrn }));
    setVrn('');
    setRegistrationDate('');
    setName('');
  };

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="add-client">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={2} size="h3" id="add-client">
            {t('hmrc:clients.form.title')}
          </Title>
          <Text size="sm">{t('hmrc:clients.form.hint')}</Text>
          {agents.length > 1 && (
            <NativeSelect
              label={t('hmrc:clients.form.agent')}
              value={userId}
              onChange={(event) => setAgentId(event.currentTarget.value)}
              data={agents.map((agent) => ({ value: agent.userId, label: `${agent.name} (${agent.arn})` }))}
            />
          )}
          <Group grow align="flex-start">
            <TextInput
              label={t('hmrc:clients.form.vrn')}
              value={vrn}
              onChange={(event) => setVrn(event.currentTarget.value)}
              error={problems.vrn}
              inputMode="numeric"
              autoComplete="off"
              required
            />
            <DateField
              label={t('hmrc:clients.form.registrationDate')}
              description={t('hmrc:clients.form.registrationDateHint')}
              value={registrationDate}
              onChange={setRegistrationDate}
              error={problems.registrationDate}
              maxDate={ukToday()}
              required
            />
          </Group>
          <TextInput
            label={t('hmrc:clients.form.name')}
            description={t('hmrc:clients.form.nameHint')}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={problems.name}
            maxLength={160}
          />
          {failure && (
            <Alert color="red" role="alert" data-testid="add-client-error">
              {failure}
            </Alert>
          )}
          <Group>
            <Button type="submit" loading={adding.isLoading} leftSection={<IconSend size={16} />}>
              {t('hmrc:clients.form.submit')}
            </Button>
            {sandbox && (
              <Button
                variant="light"
                loading={creatingUser.isLoading}
                leftSection={<IconUserPlus size={16} />}
                onClick={() => void newTestClient()}
              >
                {t('hmrc:clients.form.testClient')}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
      {sent?.link && (
        <Alert color="green" mt="md" data-testid="client-link" title={t('hmrc:clients.sentTitle', { vrn: sent.vrn })}>
          <Stack gap="xs">
            <Text size="sm">{t('hmrc:clients.sentText', { expires: formatDate(sent.expiresOn, i18n.language) })}</Text>
            <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }} data-testid="client-link-url">
              {sent.link}
            </Text>
            <ClientLinkActions request={sent} />
          </Stack>
        </Alert>
      )}
    </Card>
  );
}
