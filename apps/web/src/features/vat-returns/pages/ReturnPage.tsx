import { Stack } from '@mantine/core';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { vatDialogueLog } from '../../../shared/logs/dialogue-log';
import { notify } from '../../../shared/toasts/notifier';
import { usePageTitle } from '../../../shared/ui/use-page-title';
import { isAboutAYear } from '@vatwise/domain';
import { useAuth } from '../../auth';
import { formatVrn } from '../../../shared/format/vrn';
import { useCurrentBusiness } from '../../hmrc-connection';
import { vatReturnsApi } from '../api';
import { BoxesPanel } from '../drafts/BoxesPanel';
import { AssistPanel, showsAssist } from '../assist/AssistPanel';
import { useHmrcAssist } from '../assist/use-hmrc-assist';
import { ReturnChecks } from '../review/ReturnChecks';
import { DeclarationPanel } from '../submission/DeclarationPanel';
import { ReviewPanel } from '../review/ReviewPanel';
import { ClientApprovalPanel } from '../client-approval/ClientApprovalPanel';
import { DiscardDraft } from '../drafts/DiscardDraft';
import { ErrorCorrectionsPanel } from '../error-corrections/ErrorCorrectionsPanel';
import { FlatRatePanel } from '../schemes/FlatRatePanel';
import { AnnualAccountingPanel } from '../schemes/AnnualAccountingPanel';
import { PartialExemptionPanel } from '../schemes/PartialExemptionPanel';
import { RecordsPanel } from '../records/RecordsPanel';
import { SchemesPanel } from '../schemes/SchemesPanel';
import { ReturnHeader } from '../drafts/ReturnHeader';
import { Section } from '../common/Section';
import { ErrorState, LoadingState } from '../../../shared/ui/QueryStates';
import { StatusNotice } from '../submission/StatusNotice';
import { Worksheets } from '../records/Worksheets';
import { formatPeriod, isEditable, isInFlight } from '../common/periods';
import { firstRecordPageQuery } from '../records/records';

/** While HMRC's answer is awaited, the page asks where the return stands this often. */
const pollMs = 5_000;

/** One period's return: its records, boxes, flat rate scheme and the declaration that sends it. */
export default function ReturnPage() {
  const { returnId } = useParams();
  const { t, i18n } = useTranslation(['common', 'vatReturns']);
  const navigate = useNavigate();
  const { businesses } = useCurrentBusiness();
  const { user } = useAuth();
  const query = vatReturnsApi.useVatReturnQuery(returnId ?? skipToken);
  const draft = query.data;
  // The records table's first page, fetched beside the return (RecordsPanel then finds it cached).
  const prefetchRecords = vatReturnsApi.usePrefetch('recordPage');
  useEffect(() => {
    if (returnId) prefetchRecords(firstRecordPageQuery(returnId));
  }, [returnId, prefetchRecords]);
  // HMRC Assist asks when the draft is shown and whenever its figures change; filing waits for it.
  const assist = useHmrcAssist(draft);
  const inFlight = draft ? isInFlight(draft.status) : false;
  // A second subscription to the same return, polling only while the outcome is unknown.
  vatReturnsApi.useVatReturnQuery(inFlight && returnId ? returnId : skipToken, {
    pollingInterval: pollMs,
    skipPollingIfUnfocused: false,
  });
  const period = draft ? formatPeriod(draft.periodStart, draft.periodEnd, i18n.language) : undefined;
  usePageTitle(period ? t('vatReturns:returnPage.title', { period }) : t('nav.vatSubmissions'));

  // A return HMRC confirms while this page waits goes to its receipt, as a direct answer would.
  const previousStatus = useRef(draft?.status);
  useEffect(() => {
    const before = previousStatus.current;
    previousStatus.current = draft?.status;
    if (!draft || draft.status !== 'submitted' || !before || !isInFlight(before)) return;
    const when = formatPeriod(draft.periodStart, draft.periodEnd, i18n.language);
    vatDialogueLog.append(
      'success',
      t('vatReturns:log.submitted', {
        period: when,
        vrn: formatVrn(draft.vrn),
        formBundle: draft.receipt?.formBundleNumber ?? '—',
      }),
    );
    notify({
      type: 'success',
      title: t('vatReturns:submit.doneTitle'),
      message: t('vatReturns:submit.done', { period: when }),
    });
    void navigate(`/app/vat-submissions/${draft.id}/receipt`);
  }, [draft, navigate, t, i18n.language]);

  if (query.isError && !draft) {
    return <ErrorState error={query.error} onRetry={() => void query.refetch()} testId="return-error" />;
  }
  if (!draft) return <LoadingState label={t('vatReturns:returnPage.loading')} />;

  const editable = isEditable(draft.status);
  const business = businesses.find((candidate) => candidate.vrn === draft.vrn);
  const businessName = business?.name;
  // Review is a practice's step; working alone it shows only once something was asked of it.
  const withReview =
    Boolean(user?.practice) ||
    draft.review.required ||
    draft.review.state !== 'draft' ||
    Boolean(draft.clientApproval && (draft.clientApproval.required || draft.clientApproval.state !== 'none'));
  const declarationStep = withReview ? 6 : 5;

  return (
    <Stack gap="lg" data-testid="return-page">
      <ReturnHeader draft={draft} businessName={businessName} />
      <StatusNotice draft={draft} />
      {draft.status !== 'submitted' && (
        <>
          {/* The business's schemes first: cash accounting decides which records the period counts. */}
          <Section
            id="vat-schemes"
            title={t('vatReturns:sections.schemes')}
            intro={t('vatReturns:sections.schemesIntro')}
          >
            <SchemesPanel draft={draft} editable={editable} />
          </Section>
          <Section
            id="records"
            step={1}
            title={t('vatReturns:sections.records')}
            intro={t('vatReturns:sections.recordsIntro', { period })}
          >
            <RecordsPanel draft={draft} editable={editable} />
            {editable && <Worksheets draft={draft} editable={editable} />}
          </Section>
          {draft.computed && (
            <>
              <Section
                id="boxes"
                step={2}
                title={t('vatReturns:sections.boxes')}
                intro={t('vatReturns:sections.boxesIntro')}
              >
                <BoxesPanel computed={draft.computed} />
                <ReturnChecks draft={draft} />
              </Section>
              {showsAssist(assist) && (
                <Section
                  id="hmrc-assist"
                  title={t('vatReturns:sections.assist')}
                  intro={t('vatReturns:sections.assistIntro')}
                >
                  <AssistPanel returnId={draft.id} assist={assist} />
                </Section>
              )}
              <Section
                id="flat-rate"
                step={3}
                title={t('vatReturns:sections.flatRate')}
                intro={t('vatReturns:sections.flatRateIntro')}
              >
                <FlatRatePanel key={draft.id} draft={draft} editable={editable} />
              </Section>
              <Section
                id="error-corrections"
                step={4}
                title={t('vatReturns:sections.errorCorrections')}
                intro={t('vatReturns:sections.errorCorrectionsIntro')}
              >
                <ErrorCorrectionsPanel draft={draft} editable={editable} />
              </Section>
              {(draft.schemes.includes('annualAccounting') || isAboutAYear(draft.periodStart, draft.periodEnd)) && (
                <Section
                  id="annual-accounting"
                  title={t('vatReturns:schemeSections.annualAccounting')}
                  intro={t('vatReturns:schemeSections.annualAccountingIntro')}
                >
                  <AnnualAccountingPanel key={draft.id} draft={draft} />
                </Section>
              )}
              {draft.schemes.includes('partialExemption') && (
                <Section
                  id="partial-exemption"
                  title={t('vatReturns:schemeSections.partialExemption')}
                  intro={t('vatReturns:schemeSections.partialExemptionIntro')}
                >
                  <PartialExemptionPanel key={draft.id} draft={draft} editable={editable} />
                </Section>
              )}
            </>
          )}
          {withReview && draft.computed && (
            <Section
              id="review"
              step={5}
              title={t('vatReturns:sections.review')}
              intro={t('vatReturns:sections.reviewIntro')}
            >
              <ReviewPanel draft={draft} editable={editable} />
              <ClientApprovalPanel draft={draft} editable={editable && Boolean(user?.practice)} />
            </Section>
          )}
          {editable && draft.computed && (
            <Section
              id="declaration"
              step={declarationStep}
              title={t('vatReturns:sections.declaration')}
              intro={t('vatReturns:sections.declarationIntro')}
            >
              <DeclarationPanel
                draft={draft}
                computed={draft.computed}
                agentArn={business?.agentArn ?? null}
                assistWaiting={assist.waiting}
              />
            </Section>
          )}
          {editable && <DiscardDraft draft={draft} />}
        </>
      )}
    </Stack>
  );
}
