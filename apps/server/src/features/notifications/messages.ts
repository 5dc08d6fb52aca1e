import type { NotificationKind } from '@vatwise/domain';

export interface NotificationFacts {
  kind: NotificationKind;
  businessName: string;
  vrn: string;
  actorName: string;
  detail: string;
}

/** Addresses are left out of a mail's detail: a client's link carries its own secret. */
function withoutLinks(text: string): string {
  return text.replace(/\bhttps?:\/\/\S+/gi, '[link left out]').slice(0, 500);
}

/** The subject and first sentence of a notification's e-mail, in plain English as the digest is. */
export function mailWords(facts: NotificationFacts): { subject: string; sentence: string } {
  const business = `${facts.businessName} (VRN ${facts.vrn})`;
  const who = facts.actorName || 'Someone';
  const what = withoutLinks(facts.detail) || 'A VAT return';
  switch (facts.kind) {
    case 'marked_ready':
      return {
        subject: 'VAT return ready for review',
        sentence: `${who} marked a VAT return of ${business} ready for review.`,
      };
    case 'approved':
      return { subject: 'VAT return approved', sentence: `${who} approved a VAT return of ${business}.` };
    case 'reopened':
      return { subject: 'VAT return sent back', sentence: `${who} sent a VAT return of ${business} back for changes.` };
    case 'client_approved':
      return {
        subject: 'the client approved the figures',
        sentence: `${business} approved the figures of a VAT return.`,
      };
    case 'client_queried':
      return {
        subject: 'the client asked about the figures',
        sentence: `${business} asked a question about a VAT return.`,
      };
    case 'client_accepted':
      return {
        subject: 'the client accepted your request',
        sentence: `${business} accepted the practice's request to act for it.`,
      };
    case 'client_declined':
      return {
        subject: 'the client declined your request',
        sentence: `${business} declined the practice's request to act for it.`,
      };
    case 'client_expired':
      return {
        subject: 'your request to the client expired',
        sentence: `The request to act for ${business} expired unanswered.`,
      };
    case 'authority_ended':
      return {
        subject: 'authority ended',
        sentence: `VAT Wise can no longer act for ${business}: the authority with HMRC has ended. Ask the client again from Clients.`,
      };
    case 'due_soon':
      return { subject: 'VAT return due soon', sentence: `A VAT return of ${business} is due soon. ${what}.` };
    case 'overdue':
      return { subject: 'VAT return overdue', sentence: `A VAT return of ${business} is overdue. ${what}.` };
  }
}

/** One plain-text mail per notification: what happened, to which client, and where to act. */
export function notificationMail(
  facts: NotificationFacts,
  recipientName: string,
  openUrl: string,
  accountUrl: string,
): { subject: string; text: string } {
  const { subject, sentence } = mailWords(facts);
  const detail = facts.kind === 'due_soon' || facts.kind === 'overdue' ? '' : withoutLinks(facts.detail);
  const lines = [
    `Hello ${recipientName},`,
    '',
    sentence,
    ...(detail ? ['', detail] : []),
    '',
    `Open it in VAT Wise: ${openUrl}`,
    '',
    `You can choose which notifications you are e-mailed on your Account page: ${accountUrl}`,
  ];
  return { subject: `VAT Wise: ${facts.businessName}: ${subject}`, text: lines.join('\n') };
}
