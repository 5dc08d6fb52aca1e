import { Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Stub, replaced in this change. */
export default function ReceiptPage() {
  const { t } = useTranslation();
  return <Title order={1}>{t('nav.vatSubmissions')}</Title>;
}
