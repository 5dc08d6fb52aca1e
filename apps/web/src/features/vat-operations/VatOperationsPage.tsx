import { Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../shared/ui/use-page-title';

/** VAT Operations (spec section 2): being built in this change. */
export default function VatOperationsPage() {
  const { t } = useTranslation();
  usePageTitle(t('nav.vatOperations'));
  return <Title order={1}>{t('nav.vatOperations')}</Title>;
}
