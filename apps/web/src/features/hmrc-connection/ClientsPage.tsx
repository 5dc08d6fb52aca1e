import { useTranslation } from 'react-i18next';
import { AgentDialogue } from './components/AgentDialogue';
import { BulkInvite } from './components/BulkInvite';
import { ClientRequestForm } from './components/ClientRequestForm';
import { ClientRequests } from './components/ClientRequests';
import { HmrcScreen } from './components/HmrcScreen';

/**
 * Clients: a tax agent asks a business for authority to deal with its VAT through HMRC's
 * agent authorisation, sends the client HMRC's link, follows each request's answer, and finds an
 * accepted client among the businesses (reached through the agent's own authority).
 */
export default function ClientsPage() {
  const { t } = useTranslation(['common', 'hmrc']);
  return (
    <HmrcScreen screen="clients" intro={t('hmrc:clients.intro')} withDialogue>
      <ClientRequestForm />
      <BulkInvite />
      <ClientRequests />
      <AgentDialogue />
    </HmrcScreen>
  );
}
