import { Button, Group } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The VAT audit report's two downloads (server: audit-report.ts), on the Return page and the receipt. */
export function AuditDownloads({ returnId }: { returnId: string }) {
  const { t } = useTranslation(['common', 'vatReturns']);
  const base = `/api/vat_returns/${encodeURIComponent(returnId)}/audit`;
  return (
    <Group gap="sm" data-testid="audit-downloads">
      <Button component="a" href={`${base}.csv`} download variant="default" leftSection={<IconDownload size={16} />}>
        {t('vatReturns:checks.auditCsv')}
      </Button>
      <Button component="a" href={`${base}.pdf`} download variant="default" leftSection={<IconDownload size={16} />}>
        {t('vatReturns:checks.auditPdf')}
      </Button>
    </Group>
  );
}
