import { Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format/format';
import { vatReturnsApi } from '../api';
import { describeRowRuns, formatBytes, shortHash } from '../records/records';
import { ErrorState } from '../../../shared/ui/QueryStates';
import { TableScroll } from '../../../shared/ui/TableScroll';

/**
 * The files imported into this return, with what identifies each one (name, size, SHA-256) and the
 * rows used: the digital link from the spreadsheet to the return.
 */
export function ImportHistory({ draftId }: { draftId: string }) {
  const { t, i18n } = useTranslation(['common', 'vatReturns']);
  const language = i18n.language;
  const query = vatReturnsApi.useImportsQuery(draftId);
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const imports = query.data ?? [];
  if (imports.length === 0) return null;
  return (
    <Stack gap="xs" data-testid="import-history">
      <Title order={3} size="h5">
        {t('vatReturns:importHistory.title')}
      </Title>
      <Text size="xs" c="dimmed">
        {t('vatReturns:importHistory.intro')}
      </Text>
      <TableScroll minWidth={640}>
        <Table verticalSpacing={4} fz="sm" aria-label={t('vatReturns:importHistory.title')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('vatReturns:importHistory.file')}</Table.Th>
              <Table.Th scope="col">{t('vatReturns:importHistory.kind')}</Table.Th>
              <Table.Th scope="col">{t('vatReturns:importHistory.size')}</Table.Th>
              <Table.Th scope="col">{t('vatReturns:importHistory.sha256')}</Table.Th>
              <Table.Th scope="col">{t('vatReturns:importHistory.rows')}</Table.Th>
              <Table.Th scope="col">{t('vatReturns:importHistory.importedAt')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {imports.map((item) => (
              <Table.Tr key={item.id}>
                <Table.Td style={{ wordBreak: 'break-all' }}>{item.fileName}</Table.Td>
                <Table.Td>{t(`vatReturns:import.kinds.${item.kind}`)}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatBytes(item.sizeBytes)}</Table.Td>
                <Table.Td ff="monospace">
                  <Tooltip label={item.sha256}>
                    <span aria-label={t('vatReturns:importHistory.fullHash', { hash: item.sha256 })} tabIndex={0}>
                      {shortHash(item.sha256)}
                    </span>
                  </Tooltip>
                </Table.Td>
                <Table.Td>
                  {t('vatReturns:importHistory.rowsUsed', {
                    count: item.rowCount,
                    rows: describeRowRuns(item.rowRuns),
                  })}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(item.importedAt, language)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScroll>
    </Stack>
  );
}
