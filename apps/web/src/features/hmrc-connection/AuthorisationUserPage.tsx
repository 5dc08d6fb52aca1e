import { useTranslation } from 'react-i18next';
import { HmrcScreen } from './components/HmrcScreen';
import { SandboxUserList } from './components/SandboxUserList';

/** Authorisation User (spec section 2): authorise sandbox test users and watch their authority. */
export default function AuthorisationUserPage() {
  const { t } = useTranslation(['common', 'hmrc']);
  return (
    <HmrcScreen screen="authorisationUser" intro={t('hmrc:pages.authorisationUser.intro')}>
      <SandboxUserList actions="authorise" />
    </HmrcScreen>
  );
}
