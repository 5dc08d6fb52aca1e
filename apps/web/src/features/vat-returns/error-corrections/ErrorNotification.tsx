import { Alert, Button, Group, Stack, Table, Text } from '@mantine/core';
import { type Vat652Content, vat652Text } from '@vatwise/domain';
import { IconCopy, IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney } from '../../../shared/format/format';
import { TableScroll } from '../../../shared/ui/TableScroll';

/** Method 2: the notification's content (form VAT652) on screen, as a PDF and as text to copy. */
export function ErrorNotification({ returnId, notification }: { returnId: string; notification: Vat652Content }) {
  const { t, i18n } = useTranslation(['common', 'vatReturns']);
  const language = i18n.language;
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);

  async function copy() {
    try {
      await navigator.clipboard.writeText(vat652Text(notification));
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  }

  return (
    <Alert color="orange" data-testid="error-notification" title={t('vatReturns:errorCorrections.notification.title')}>
      <Stack gap="xs">
        <Text size="sm">{t('vatReturns:errorCorrections.notification.intro')}</Text>
        <Text size="sm">
          {t('vatReturns:errorCorrections.notification.business', {
            name: notification.businessName,
            vrn: notification.vrn,
          })}
        </Text>
        <TableScroll minWidth={480}>
          <Table fz="sm" verticalSpacing={4} aria-label={t('vatReturns:errorCorrections.notification.periods')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('vatReturns:errorCorrections.period')}</Table.Th>
                <Table.Th ta="end">{t('vatReturns:errorCorrections.outputTax')}</Table.Th>
                <Table.Th ta="end">{t('vatReturns:errorCorrections.inputTax')}</Table.Th>
                <Table.Th ta="end">{t('vatReturns:errorCorrections.net')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {notification.periods.map((period) => (
                <Table.Tr key={`${period.periodStart}-${period.periodEnd}`}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {formatDate(period.periodStart, language)} – {formatDate(period.periodEnd, language)}
                  </Table.Td>
                  <Table.Td ta="end">{formatMoney(period.outputTaxPence, language)}</Table.Td>
                  <Table.Td ta="end">{formatMoney(period.inputTaxPence, language)}</Table.Td>
                  <Table.Td ta="end">{formatMoney(period.netPence, language)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
        <Text size="sm" fw={700} data-testid="error-notification-total">
          {t('vatReturns:errorCorrections.notification.total', {
            amount: formatMoney(notification.netPence, language),
          })}
        </Text>
        <Text size="xs" c="dimmed">
          {t('vatReturns:errorCorrections.notification.english')}
        </Text>
        <Group gap="sm">
          <Button
            component="a"
            href={`/api/vat_returns/${encodeURIComponent(returnId)}/error-notification.pdf`}
            download
            size="xs"
            leftSection={<IconDownload size={14} />}
          >
            {t('vatReturns:errorCorrections.notification.downloadPdf')}
          </Button>
          <Button size="xs" variant="default" leftSection={<IconCopy size={14} />} onClick={() => void copy()}>
            {t('vatReturns:errorCorrections.notification.copy')}
          </Button>
          {copied && (
            <Text size="sm" role="status">
              {t(`vatReturns:errorCorrections.notification.${copied === 'yes' ? 'copied' : 'copyFailed'}`)}
            </Text>
          )}
        </Group>
      </Stack>
    </Alert>
  );
}
