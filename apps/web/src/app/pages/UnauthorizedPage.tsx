import { Button } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MessagePage } from '../../shared/ui/MessagePage';
import { usePageTitle } from '../../shared/ui/use-page-title';

/** Where a signed-in user lands when their role may not open a screen (docs/reference/product.md §6). */
export default function UnauthorizedPage() {
  const { t } = useTranslation();
  usePageTitle(t('unauthorized.title'));
  return (
    <MessagePage
      icon={<IconLock size={48} stroke={1.4} aria-hidden />}
      title={t('unauthorized.title')}
      text={t('unauthorized.message')}
      actions={
        <Button component={Link} to="/">
          {t('unauthorized.home')}
        </Button>
      }
    />
  );
}
