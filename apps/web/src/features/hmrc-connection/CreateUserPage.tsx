import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { clientConfig } from '../../shared/config/client-config';
import { HmrcScreen } from './components/HmrcScreen';
import { SandboxUserCreator } from './components/SandboxUserCreator';
import { SandboxUserList } from './components/SandboxUserList';

/** Create User (docs/reference/product.md §2): sandbox test users only; HMRC production has none. */
export default function CreateUserPage() {
  const { t } = useTranslation(['common', 'hmrc']);
  return (
    <HmrcScreen screen="createUser" intro={t('hmrc:pages.createUser.intro')}>
      {clientConfig.hmrcEnvironment === 'sandbox' ? (
        <>
          <SandboxUserCreator />
          <SandboxUserList />
        </>
      ) : (
        <Alert color="gray">{t('errors.SANDBOX_ONLY')}</Alert>
      )}
    </HmrcScreen>
  );
}
