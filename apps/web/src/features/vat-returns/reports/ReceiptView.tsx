import { Alert, Anchor, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { type Receipt, agentDeclarationText, declarationText } from '@vatwise/domain';
import { IconArrowLeft, IconDownload, IconPrinter } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { type TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime, formatMoney } from '../../../shared/format/format';
import { Ltr } from '../../../shared/ui/Ltr';
import { formatVrn } from '../../../shared/format/vrn';
import layout from '../common/layout.module.css';
import { formatPeriod } from '../common/periods';
import { NineBoxSummary } from '../common/NineBoxSummary';
import { netVatDirection } from './receipt';
import classes from './receipt.module.css';
import { CopyComparison } from './CopyComparison';
import { AuditDownloads } from './AuditDownloads';

interface ReceiptViewProps {
  returnId: string;
  receipt: Receipt;
  businessName: string | undefined;
}

/** Who prepared, reviewed and (the client) approved the figures filed; absent on receipts made before they were kept. */
function approvalDetails(receipt: Receipt, t: TFunction, language: string): [string, ReactNode, string][] {
  const { approvals } = receipt;
  if (!approvals) return [];
  const who = (one: { name: string; at: string } | null, none: string) =>
    one ? t('vatReturns:receipt.whoWhen', { name: one.name, at: formatDateTime(one.at, language) }) : none;
  const submitter = receipt.submittedBy.name || receipt.submittedBy.email;
  const { client } = approvals;
  return [
    [t('vatReturns:receipt.preparedBy'), who(approvals.preparedBy, submitter), 'receipt-prepared-by'],
    [
      t('vatReturns:receipt.reviewedBy'),
      who(approvals.reviewedBy, t('vatReturns:receipt.noReview')),
      'receipt-reviewed-by',
    ],
    [
      t('vatReturns:receipt.clientApproval'),
      client ? (
        <>
          {who(client, '')}
          {client.email && (
            <>
              {' '}
              <Ltr>&lt;{client.email}&gt;</Ltr>
            </>
          )}
        </>
      ) : (
        t('vatReturns:receipt.noClientApproval')
      ),
      'receipt-client-approval',
    ],
  ];
}

/** HMRC's receipt for a filed return, laid out to be kept: on screen, on paper or as a PDF. */
export function ReceiptView({ returnId, receipt, businessName }: ReceiptViewProps) {
  const { t, i18n } = useTranslation(['common', 'vatReturns']);
  const language = i18n.language;
  const period = formatPeriod(receipt.periodStart, receipt.periodEnd, language);
  const lostAnswer = receipt.confirmedBy === 'returnView';
  const direction = netVatDirection(receipt.boxes);
  const payment = receipt.paymentIndicator ?? 'none';

  const details: [string, ReactNode, string?][] = [
    [t('vatReturns:receipt.business'), businessName ?? '—'],
    [t('vatReturns:receipt.vrn'), formatVrn(receipt.vrn, language)],
    [t('vatReturns:receipt.period'), period],
    [t('vatReturns:receipt.submittedAt'), formatDateTime(receipt.submittedAt, language)],
    [
      t('vatReturns:receipt.submittedBy'),
      receipt.submittedBy.email ? (
        <>
          {receipt.submittedBy.name} <Ltr>&lt;{receipt.submittedBy.email}&gt;</Ltr>
        </>
      ) : (
        receipt.submittedBy.name || '—'
      ),
    ],
    ...(receipt.submittedBy.agentArn
      ? [
          [t('vatReturns:receipt.asAgent'), <Ltr>{receipt.submittedBy.agentArn}</Ltr>, 'filed-as-agent'] as [
            string,
            ReactNode,
            string,
          ],
        ]
      : []),
    ...approvalDetails(receipt, t, language),
    [
      t('vatReturns:receipt.declaration'),
      receipt.submittedBy.agentArn ? agentDeclarationText : declarationText,
      'receipt-declaration',
    ],
    [t('vatReturns:receipt.processingDate'), formatDateTime(receipt.processingDate, language)],
    [t('vatReturns:receipt.formBundle'), <Ltr>{receipt.formBundleNumber ?? '—'}</Ltr>, 'form-bundle-number'],
    [t('vatReturns:receipt.chargeRef'), <Ltr>{receipt.chargeRefNumber ?? '—'}</Ltr>],
    [
      t('vatReturns:receipt.paymentIndicator'),
      <>
        {receipt.paymentIndicator && <strong>{receipt.paymentIndicator}: </strong>}
        {t(`vatReturns:receipt.payment.${payment}`)}
      </>,
    ],
    [t('vatReturns:receipt.receiptId'), <Ltr>{receipt.receiptId ?? '—'}</Ltr>],
    [t('vatReturns:receipt.correlationId'), <Ltr>{receipt.correlationId ?? '—'}</Ltr>],
  ];

  return (
    <div className={classes.receipt} data-testid="receipt">
      <Stack gap="lg">
        <Anchor component={Link} to="/app/vat-submissions" size="sm" className={classes.noPrint}>
          <Group gap={4} component="span">
            <IconArrowLeft size={14} className={layout.backIcon} aria-hidden />
            {t('vatReturns:backToList')}
          </Group>
        </Anchor>
        <Stack gap={4}>
          <Title order={1}>{t('vatReturns:receipt.title')}</Title>
          <Text>{t('vatReturns:receipt.intro', { period })}</Text>
        </Stack>
        {lostAnswer && (
          <Alert color="yellow" title={t('vatReturns:receipt.lostTitle')} data-testid="confirmed-by-return-view">
            {t('vatReturns:receipt.lostBody')}
          </Alert>
        )}
        <Group gap="sm" className={classes.noPrint}>
          <Button
            component="a"
            href={`/api/vat_returns/${encodeURIComponent(returnId)}/receipt.pdf`}
            download
            leftSection={<IconDownload size={16} />}
          >
            {t('vatReturns:receipt.downloadPdf')}
          </Button>
          <Button variant="default" leftSection={<IconPrinter size={16} />} onClick={() => window.print()}>
            {t('vatReturns:receipt.print')}
          </Button>
          <AuditDownloads returnId={returnId} />
        </Group>

        <Paper withBorder p="md" className={classes.block}>
          <Table verticalSpacing={6} aria-label={t('vatReturns:receipt.detailsLabel')}>
            <Table.Tbody>
              {details.map(([label, value, testId]) => (
                <Table.Tr key={label}>
                  <Table.Th scope="row" fw={600} w="40%">
                    {label}
                  </Table.Th>
                  <Table.Td data-testid={testId} style={{ overflowWrap: 'anywhere' }}>
                    {value}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>

        <Stack gap="xs">
          <Title order={2} size="h3">
            {t('vatReturns:receipt.boxesTitle')}
          </Title>
          <NineBoxSummary
            boxes={receipt.boxes}
            label={t('vatReturns:receipt.boxesTitle')}
            testIdPrefix="receipt-box-"
          />
          <Text size="sm">
            {t(`vatReturns:receipt.direction.${direction}`, { amount: formatMoney(receipt.boxes.box5, language) })}
          </Text>
        </Stack>

        <Stack gap="xs">
          <Title order={2} size="h3">
            {t('vatReturns:compare.title')}
          </Title>
          <CopyComparison receipt={receipt} />
        </Stack>
      </Stack>
    </div>
  );
}
