import { Alert, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { describeError } from '../../shared/api/http-errors';
import { usePageTitle } from '../../shared/ui/use-page-title';
import { hmrcApi } from './api';
import { announceCallback, callbackMessageSource } from './callback-channel';

type State =
  | { step: 'working' }
  | { step: 'granted' }
  | { step: 'failed'; message: string; detail?: string }
  | { step: 'missing' };

/** Codes already sent, so a second render (React's strict mode) never spends a code twice. */
const handledCodes = new Set<string>();

/**
 * Where HMRC sends the browser back (docs/reference/product.md §2): hands HMRC's code and our state to the
 * server, shows 'VAT Wise successfully granted.' with a close button, and tells the window that
 * opened this one how it went.
 */
export default function HmrcCallbackPage() {
  const { t } = useTranslation(['common', 'hmrc']);
  usePageTitle(t('hmrc:callback.title'));
  const [search] = useSearchParams();
  const [exchange] = hmrcApi.useExchangeCodeMutation();
  const code = search.get('code');
  const oauthState = search.get('state');
  const error = search.get('error');
  // What the URL alone says; the exchange, when there is one, says the rest.
  const description = search.get('error_description');
  const fromUrl = useMemo<State>(() => {
    if (error) {
      const detail = error === 'access_denied' ? t('hmrc:callback.denied') : (description ?? error);
      return { step: 'failed', message: t('hmrc:callback.failed'), detail };
    }
    return !code || !oauthState ? { step: 'missing' } : { step: 'working' };
  }, [code, description, error, oauthState, t]);
  const [exchanged, setExchanged] = useState<State | null>(null);
  const state = exchanged ?? fromUrl;
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (fromUrl.step === 'failed') {
      announceCallback({
        source: callbackMessageSource,
        ok: false,
        error: `${fromUrl.message} ${fromUrl.detail ?? ''}`,
      });
      return;
    }
    if (!code || !oauthState || handledCodes.has(code)) return;
    handledCodes.add(code);
    void exchange({ code, state: oauthState }).then((result) => {
      if ('error' in result) {
        const message = describeError(result.error, t);
        setExchanged({ step: 'failed', message: t('hmrc:callback.failed'), detail: message });
        announceCallback({ source: callbackMessageSource, ok: false, error: message });
        return;
      }
      setExchanged({ step: 'granted' });
      announceCallback({ source: callbackMessageSource, ok: true, ...result.data });
    });
  }, [code, exchange, fromUrl, oauthState, t]);

  const openedAsPopup = typeof window !== 'undefined' && window.opener !== null;
  const closeOrReturn = openedAsPopup ? (
    <Button onClick={() => window.close()} variant="default">
      {t('hmrc:callback.close')}
    </Button>
  ) : (
    <Button component={Link} to="/app/grant-authority" variant="default">
      {t('hmrc:callback.goToGrantAuthority')}
    </Button>
  );

  return (
    <Center mih="50vh">
      <Paper withBorder p="xl" maw={480} w="100%" data-testid="hmrc-callback">
        <Stack gap="md">
          <Title order={1} size="h2">
            {t('hmrc:callback.title')}
          </Title>
          {state.step === 'working' && (
            <Group gap="sm" role="status">
              <Loader size="sm" />
              <Text>{t('hmrc:callback.working')}</Text>
            </Group>
          )}
          {state.step === 'granted' && (
            <Alert color="green" icon={<IconCircleCheck size={18} />} data-testid="hmrc-callback-granted">
              <Text fw={600}>{t('hmrc:callback.granted')}</Text>
              <Text size="sm">{t('hmrc:callback.grantedDetail')}</Text>
            </Alert>
          )}
          {state.step === 'failed' && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" data-testid="hmrc-callback-failed">
              <Text fw={600}>{state.message}</Text>
              {state.detail && <Text size="sm">{state.detail}</Text>}
            </Alert>
          )}
          {state.step === 'missing' && <Text>{t('hmrc:callback.missing')}</Text>}
          {state.step !== 'working' && <Group>{closeOrReturn}</Group>}
        </Stack>
      </Paper>
    </Center>
  );
}
