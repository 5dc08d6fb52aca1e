import { Alert, Button, Card, Checkbox, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { arnSchema, vrnSchema } from '@vatwise/domain';
import { IconPlugConnected } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError, errorCodeOf } from '../../../shared/api/http-errors';
import { notify } from '../../../shared/toasts/notifier';
import { hmrcApi } from '../api';
import { useAuthorisePopup } from '../use-authorise-popup';

/**
 * Connecting a real business (HMRC production, or HMRC's sandbox with a user made elsewhere): grant
 * authority in HMRC's window, then say which VRN it reaches, since HMRC does not tell software.
 */
export function ConnectWithHmrc() {
  const { t } = useTranslation(['common', 'hmrc']);
  const authorise = useAuthorisePopup();
  const [authorising, setAuthorising] = useState(false);
  const [connection, setConnection] = useState<string | null>(null);
  const [vrn, setVrn] = useState('');
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  /** A VRN VAT Wise already reaches through another authority: replaced only when the user says so. */
  const [reachedElsewhere, setReachedElsewhere] = useState<string | null>(null);
  const [addBusiness, adding] = hmrcApi.useAddBusinessMutation();
  /** A tax agent grants as its agent services account, whose ARN HMRC does not tell software. */
  const [asAgent, setAsAgent] = useState(false);
  const [arn, setArn] = useState('');
  const [arnProblem, setArnProblem] = useState<string | null>(null);

  const connect = async () => {
    const agentArn = asAgent ? arnSchema.safeParse(arn) : undefined;
    if (agentArn && !agentArn.success) {
      setArnProblem(agentArn.error.issues[0]?.message ?? '');
      return;
    }
    setArnProblem(null);
    setAuthorising(true);
    const outcome = await authorise(undefined, agentArn?.data);
    setAuthorising(false);
    if (!outcome.ok) {
      notify({ type: 'error', title: t('hmrc:authorise.failed'), message: outcome.message });
      return;
    }
    notify({ type: 'success', title: t('hmrc:authorise.granted'), message: '' });
    setConnection(outcome.result.userId);
  };

  const add = async (event: FormEvent) => {
    event.preventDefault();
    await send(false);
  };

  const send = async (replace: boolean) => {
    const parsed = vrnSchema.safeParse(vrn);
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? '');
      return;
    }
    if (!connection) return;
    const result = await addBusiness({
      vrn: parsed.data,
      userId: connection,
      ...(name.trim() ? { name: name.trim() } : {}),
      ...(replace ? { replace } : {}),
    });
    if ('error' in result) {
      if (errorCodeOf(result.error) === 'BUSINESS_ALREADY_CONNECTED') {
        setProblem(null);
        setReachedElsewhere(parsed.data);
        return;
      }
      setReachedElsewhere(null);
      setProblem(describeError(result.error, t));
      return;
    }
    setReachedElsewhere(null);
    notify({ type: 'success', title: t('hmrc:authorise.added'), message: name || parsed.data });
    setVrn('');
    setName('');
    setProblem(null);
  };

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="connect-with-hmrc">
      <Stack gap="md">
        <Title order={2} size="h3" id="connect-with-hmrc">
          {t('hmrc:authorise.realTitle')}
        </Title>
        <Text size="sm">{t('hmrc:authorise.realIntro')}</Text>
        <Checkbox
          label={t('hmrc:authorise.asAgent')}
          checked={asAgent}
          onChange={(event) => setAsAgent(event.currentTarget.checked)}
        />
        {asAgent && (
          <TextInput
            label={t('hmrc:authorise.arnLabel')}
            description={t('hmrc:authorise.arnHint')}
            value={arn}
            onChange={(event) => setArn(event.currentTarget.value)}
            error={arnProblem}
            autoComplete="off"
            required
          />
        )}
        <Group>
          <Button leftSection={<IconPlugConnected size={16} />} onClick={connect} loading={authorising}>
            {t('hmrc:authorise.realButton')}
          </Button>
        </Group>
        {connection && (
          <form onSubmit={add} noValidate>
            <Stack gap="sm">
              <Title order={3} size="h4">
                {t('hmrc:authorise.addVrnTitle')}
              </Title>
              <Text size="sm">{t('hmrc:authorise.addVrnIntro')}</Text>
              <TextInput
                label={t('hmrc:authorise.vrnLabel')}
                value={vrn}
                onChange={(event) => setVrn(event.currentTarget.value)}
                error={problem}
                inputMode="numeric"
                required
              />
              <TextInput
                label={t('hmrc:authorise.nameLabel')}
                value={name}
                onChange={(event) => setName(event.currentTarget.value)}
              />
              {reachedElsewhere ? (
                <Alert color="yellow" title={t('hmrc:authorise.reachedElsewhereTitle')} data-testid="reached-elsewhere">
                  <Stack gap="xs">
                    <Text size="sm">{t('hmrc:authorise.reachedElsewhere', { vrn: reachedElsewhere })}</Text>
                    <Group>
                      <Button size="xs" color="yellow" loading={adding.isLoading} onClick={() => void send(true)}>
                        {t('hmrc:authorise.replace')}
                      </Button>
                      <Button size="xs" variant="default" onClick={() => setReachedElsewhere(null)}>
                        {t('hmrc:authorise.keepCurrent')}
                      </Button>
                    </Group>
                  </Stack>
                </Alert>
              ) : (
                <Group>
                  <Button type="submit" loading={adding.isLoading}>
                    {t('hmrc:authorise.addVrn')}
                  </Button>
                </Group>
              )}
            </Stack>
          </form>
        )}
      </Stack>
    </Card>
  );
}
