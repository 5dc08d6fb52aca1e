import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { clientConfig } from '../../shared/config/client-config';
import { SandboxAuthoriserCard } from '../agents';
import { hmrcApi } from './api';
import { HmrcScreen } from './components/HmrcScreen';
import { SandboxUserList } from './components/SandboxUserList';

/**
 * Authorisation User (docs/reference/product.md §2): authorise sandbox test users (in a popup, or by the sandbox
 * authoriser agent) and watch their authority.
 */
export default function AuthorisationUserPage() {
  const { t } = useTranslation(['common', 'hmrc']);
  const users = hmrcApi.useSandboxUsersQuery();
  return (
    <HmrcScreen screen="authorisationUser" intro={t('hmrc:pages.authorisationUser.intro')}>
      {clientConfig.hmrcEnvironment === 'sandbox' && (
        <Suspense fallback={null}>
          <SandboxAuthoriserCard users={users} />
        </Suspense>
      )}
      <SandboxUserList actions="authorise" />
    </HmrcScreen>
  );
}
