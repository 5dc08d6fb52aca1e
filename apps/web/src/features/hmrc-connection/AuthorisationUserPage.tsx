import { useTranslation } from 'react-i18next';
import { clientConfig } from '../../shared/config/client-config';
import { SandboxAuthoriserCard } from '../agents';
import { HmrcScreen } from './components/HmrcScreen';
import { SandboxUserList } from './components/SandboxUserList';

/**
 * Authorisation User (spec section 2): authorise sandbox test users (in a popup, or by the sandbox
 * authoriser agent) and watch their authority.
 */
export default function AuthorisationUserPage() {
  const { t } = useTranslation(['common', 'hmrc']);
  return (
    <HmrcScreen screen="authorisationUser" intro={t('hmrc:pages.authorisationUser.intro')}>
      {clientConfig.hmrcEnvironment === 'sandbox' && <SandboxAuthoriserCard />}
      <SandboxUserList actions="authorise" />
    </HmrcScreen>
  );
}
