import { Button } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The id of the Account page's two-factor sign-in section, which the page scrolls to and focuses. */
export const TWO_FACTOR_SECTION_ID = 'two-factor';
export const TWO_FACTOR_PATH = `/app/account#${TWO_FACTOR_SECTION_ID}`;

/**
 * The way to turn on two-factor sign-in, for messages that ask for it (a practice that requires it,
 * HMRC's Gov-Client-Multi-Factor). Shared, as the error display offers it too.
 */
export function TwoFactorLink({ color }: { color?: string }) {
  const { t } = useTranslation('common');
  return (
    <Button
      size="xs"
      variant="light"
      color={color}
      component={Link}
      to={TWO_FACTOR_PATH}
      leftSection={<IconShieldCheck size={16} />}
      w="fit-content"
    >
      {t('account.turnOn')}
    </Button>
  );
}
