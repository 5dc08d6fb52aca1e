import { Button } from '@mantine/core';
import { IconMapPinOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MessagePage } from '../../shared/ui/MessagePage';
import { usePageTitle } from '../../shared/ui/use-page-title';

/** Where every unknown path lands (docs/reference/product.md §2). */
export default function ErrorPage() {
  const { t } = useTranslation();
  usePageTitle(t('errorPage.title'));
  return (
    <MessagePage
      icon={<IconMapPinOff size={48} stroke={1.4} aria-hidden />}
      title={t('errorPage.title')}
      text={t('errorPage.explain')}
      actions={
        <Button component={Link} to="/" data-testid="go-home">
          {t('errorPage.home')}
        </Button>
      }
    />
  );
}
