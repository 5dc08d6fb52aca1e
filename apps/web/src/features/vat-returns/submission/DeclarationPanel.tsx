import { Alert, Blockquote, Box, Button, Checkbox, List, Stack, Text } from '@mantine/core';
import {
  type ComputedReturn,
  type ReturnDraft,
  agentDeclarationText,
  declarationText,
  firstSubmitDay,
  periodHasEnded,
  ukToday,
} from '@vatwise/domain';
import { IconSend } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NineBoxSummary } from '../common/NineBoxSummary';
import { useDispatch } from 'react-redux';
import { useNavigate } from 'react-router';
import { describeError, describeStoredError, errorCodeOf } from '../../../shared/api/http-errors';
import { formatDate } from '../../../shared/format/format';
import { vatDialogueLog } from '../../../shared/logs/dialogue-log';
import { notify } from '../../../shared/toasts/notifier';
import { TwoFactorLink } from '../../../shared/ui/TwoFactorLink';
import { useAuth } from '../../auth';
import { formatVrn } from '../../../shared/format/vrn';
import { vatReturnsApi } from '../api';
import { formatPeriod } from '../common/periods';
import { type Issue, asQueryError, issuesOf } from '../common/query-error';

interface DeclarationPanelProps {
  draft: ReturnDraft;
  computed: ComputedReturn;
  /** Set when the business is reached through a tax agent's authority: HMRC's agent declaration applies. */
  agentArn?: string | null;
  /** HMRC Assist is checking the figures: filing pauses until it answers or its wait runs out. */
  assistWaiting?: boolean;
}

/**
 * The last step: the nine boxes once more, HMRC's declaration, and the one button that sends the
 * return. The button locks on the first click (a ref, not only state, so a double click cannot slip
 * a second request in before React re-renders); the server sends it once however often it is asked.
 */
export function DeclarationPanel({ draft, computed, agentArn = null, assistWaiting = false }: DeclarationPanelProps) {
  const { t, i18n } = useTranslation(['common', 'vatReturns']);
  const language = i18n.language;
  const navigate = useNavigate();
  const dispatch = useDispatch();
  const [submit] = vatReturnsApi.useSubmitReturnMutation();
  const [ticked, setTicked] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ message: string; issues: Issue[]; code?: string } | null>(null);
  const user = useAuth().user;
  const sending = useRef(false);
  const hasProblems = computed.problems.length > 0;
  // A practice asking for review files only the figures a reviewer approved (the server checks too).
  const awaitingApproval = draft.review.required && draft.review.state !== 'approved';
  // HMRC refuses a return before its period has ended; the server refuses it too.
  const ended = periodHasEnded(draft.periodEnd, ukToday());
  // HMRC's fraud prevention rules ask for the filer's second factor (Gov-Client-Multi-Factor): offer
  // it, without blocking; a practice that requires it is refused by the server, and the error says so.
  const twoFactorRefused = failure?.code === 'TWO_FACTOR_REQUIRED';
  const offerTwoFactor = user !== null && !user.isGuest && !user.twoFactorEnabled && !twoFactorRefused;
  const period = formatPeriod(draft.periodStart, draft.periodEnd, language);
  const vrn = formatVrn(draft.vrn);

  async function send() {
    if (sending.current || !ticked || hasProblems || !ended || awaitingApproval || assistWaiting) return;
    sending.current = true;
    setBusy(true);
    setFailure(null);
    vatDialogueLog.append('info', t('vatReturns:log.submitting', { period, vrn }));
    try {
      const result = await submit({ id: draft.id, idempotencyKey: draft.idempotencyKey }).unwrap();
      if (result.status === 'submitted') {
        vatDialogueLog.append(
          'success',
          t('vatReturns:log.submitted', { period, vrn, formBundle: result.receipt?.formBundleNumber ?? '—' }),
        );
        notify({
          type: 'success',
          title: t('vatReturns:submit.doneTitle'),
          message: t('vatReturns:submit.done', { period }),
        });
        void navigate(`/app/vat-submissions/${draft.id}/receipt`);
      } else if (result.status === 'failed') {
        vatDialogueLog.append(
          'error',
          t('vatReturns:log.failed', {
            period,
            vrn,
            message: result.lastError ? describeStoredError(result.lastError, t) : '',
          }),
        );
        setTicked(false);
      } else {
        vatDialogueLog.append('info', t('vatReturns:log.unknown', { period, vrn }));
      }
    } catch (caught) {
      const error = asQueryError(caught);
      const message = describeError(error, t);
      vatDialogueLog.append('error', t('vatReturns:log.failed', { period, vrn, message }));
      setFailure({ message, issues: issuesOf(error), code: errorCodeOf(error) });
      setTicked(false);
      // No answer says nothing about HMRC: fetch the return to learn where it stands (the page then
      // checks with HMRC every few seconds if the sending had started).
      dispatch(vatReturnsApi.util.invalidateTags([{ type: 'VatReturns', id: draft.id }]));
    } finally {
      sending.current = false;
      setBusy(false);
    }
  }

  return (
    <Stack gap="md" data-testid="declaration">
      <NineBoxSummary
        boxes={computed.boxes}
        label={t('vatReturns:declaration.summaryLabel')}
        testIdPrefix="review-box-"
      />

      <Blockquote color="blue" p="md" data-testid="declaration-text">
        {agentArn && (
          <Text size="sm" mb="xs" data-testid="declaration-as-agent">
            {t('vatReturns:declaration.asAgent', { arn: agentArn })}
          </Text>
        )}
        <Text fw={600}>{agentArn ? agentDeclarationText : declarationText}</Text>
        {!language.startsWith('en') && (
          <Text size="sm" c="dimmed" mt="xs" lang={language}>
            {t('vatReturns:declaration.translation')}
          </Text>
        )}
      </Blockquote>
      <Checkbox
        label={t('vatReturns:declaration.confirm')}
        checked={ticked}
        disabled={busy}
        onChange={(event) => setTicked(event.currentTarget.checked)}
      />
      {!ended && (
        <Alert color="blue" data-testid="period-not-ended">
          <Text size="sm">
            {t('vatReturns:declaration.notEnded', {
              end: formatDate(draft.periodEnd, language),
              from: formatDate(firstSubmitDay(draft.periodEnd), language),
            })}
          </Text>
        </Alert>
      )}
      {awaitingApproval && (
        <Alert color="blue" data-testid="awaiting-approval">
          <Text size="sm">{t('vatReturns:declaration.awaitingApproval')}</Text>
        </Alert>
      )}
      {assistWaiting && (
        <Alert color="blue" data-testid="assist-submit-waiting" id="assist-submit-waiting">
          <Text size="sm">{t('vatReturns:assist.submitWaiting')}</Text>
        </Alert>
      )}
      {offerTwoFactor && (
        <Alert color="blue" data-testid="two-factor-notice">
          <Stack gap="xs">
            <Text size="sm">{t('vatReturns:declaration.twoFactorNotice')}</Text>
            <TwoFactorLink />
          </Stack>
        </Alert>
      )}
      {hasProblems && (
        <Text size="sm" c="red">
          {t('vatReturns:declaration.fixProblems')}
        </Text>
      )}
      {failure && (
        <Alert color="red" role="alert" title={t('vatReturns:submit.errorTitle')} data-testid="submit-error">
          <Text size="sm">{failure.message}</Text>
          {failure.issues.length > 0 && (
            <List size="sm" mt="xs">
              {failure.issues.map((issue, index) => (
                <List.Item key={index}>{issue.message}</List.Item>
              ))}
            </List>
          )}
          {twoFactorRefused && (
            <Box mt="xs">
              <TwoFactorLink color="red" />
            </Box>
          )}
        </Alert>
      )}
      <div>
        <Button
          size="md"
          leftSection={<IconSend size={18} />}
          disabled={!ticked || hasProblems || busy || !ended || awaitingApproval || assistWaiting}
          aria-describedby={assistWaiting ? 'assist-submit-waiting' : undefined}
          loading={busy}
          onClick={() => void send()}
        >
          {t('vatReturns:declaration.submit')}
        </Button>
      </div>
      {busy && (
        <Text size="sm" role="status">
          {t('vatReturns:submit.sending')}
        </Text>
      )}
    </Stack>
  );
}
