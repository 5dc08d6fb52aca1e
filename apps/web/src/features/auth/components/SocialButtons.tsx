import { Button, Divider, Stack } from '@mantine/core';
import { IconBrandGithub, IconBrandGoogle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { clientConfig } from '../../../shared/config/client-config';
import { notify } from '../../../shared/toasts/notifier';
import { authApi, type SocialProvider } from '../api';

const icons = { google: IconBrandGoogle, github: IconBrandGithub };

/** Google and GitHub buttons, only for providers the operator configured. */
export function SocialButtons({ redirectTo }: { redirectTo: string }) {
  const { t } = useTranslation();
  const [start, { isLoading }] = authApi.useSocialSignInMutation();
  if (clientConfig.socialProviders.length === 0) return null;

  const signInWith = async (provider: SocialProvider) => {
    const result = await start({ provider, callbackURL: redirectTo });
    if ('data' in result && result.data?.url) {
      window.location.assign(result.data.url);
      return;
    }
    notify({ type: 'error', message: t(`auth.messages.${provider}Failed`) });
  };

  return (
    <Stack gap="xs">
      <Divider label={t('auth.social.or')} labelPosition="center" />
      {clientConfig.socialProviders.map((provider) => {
        const Icon = icons[provider];
        return (
          <Button
            key={provider}
            variant="default"
            leftSection={<Icon size={18} />}
            loading={isLoading}
            onClick={() => void signInWith(provider)}
          >
            {t(`auth.social.${provider}`)}
          </Button>
        );
      })}
    </Stack>
  );
}
