import { Alert, Badge, Button, Collapse, Group, List, Paper, Stack, Table, Text } from '@mantine/core';
import { type ComputedReturn, boxExplanations } from '@vatwise/domain';
import { IconAlertTriangle, IconChevronDown, IconInfoCircle } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBoxAmount, formatDate, formatMoney, localeOf } from '../../../shared/format/format';
import { warningText } from './box-warnings';
import { type BoxBreakdown, boxBreakdowns, isValueBox } from '../records/records';
import { TableScroll } from '../../../shared/ui/TableScroll';

/** Boxes 3 and 5 are sums: never typed, always worked out (docs/reference/vat-rules.md §1.2). */
const workedOut = new Set([3, 5]);

/** Problems block submitting (the server's words); warnings are advice, worded in the user's language. */
export function BoxChecks({ computed }: { computed: ComputedReturn }) {
  const { t, i18n } = useTranslation(['common', 'vatReturns']);
  return (
    <>
      {computed.problems.length > 0 && (
        <Alert
          color="red"
          icon={<IconAlertTriangle size={18} />}
          title={t('vatReturns:boxes.problemsTitle')}
          data-testid="box-problems"
        >
          <List size="sm">
            {computed.problems.map((problem, index) => (
              <List.Item key={index}>{problem.message}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      {computed.warnings.length > 0 && (
        <Alert
          color="yellow"
          icon={<IconInfoCircle size={18} />}
          title={t('vatReturns:boxes.warningsTitle')}
          data-testid="box-warnings"
        >
          <List size="sm">
            {computed.warnings.map((warning, index) => (
              <List.Item key={index}>{warningText(warning, t, i18n.language)}</List.Item>
            ))}
          </List>
        </Alert>
      )}
    </>
  );
}

/** The nine boxes as worked out from the records, each with what it means and what makes it up. */
export function BoxesPanel({ computed }: { computed: ComputedReturn }) {
  const boxes = boxBreakdowns(computed);
  return (
    <Stack gap="sm">
      <BoxChecks computed={computed} />
      {boxes.map((box) => (
        <BoxCard key={box.box} box={box} />
      ))}
    </Stack>
  );
}

/** Lines of a box listed when it is opened; the records list, filtered by the box, pages through them all. */
const linesShown = 100;

function BoxCard({ box }: { box: BoxBreakdown }) {
  const { t, i18n } = useTranslation(['common', 'vatReturns']);
  const language = i18n.language;
  const [open, setOpen] = useState(false);
  const listId = useId();
  const titleId = `${listId}-title`;
  const explanation = boxExplanations[box.box];
  const count = box.lineCount + (box.flatRateVatPence === null ? 0 : 1);
  return (
    <Paper withBorder p="sm" component="article" aria-labelledby={titleId} data-testid={`box-card-${box.box}`}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={700} id={titleId}>
              {t('vatReturns:boxes.boxNumber', { box: box.box })} · {explanation.title}
            </Text>
            {workedOut.has(box.box) && (
              <Badge size="sm" variant="light" color="gray" style={{ textTransform: 'none' }}>
                {t('vatReturns:boxes.workedOut')}
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {explanation.explanation}
          </Text>
        </Stack>
        <Text fw={700} size="lg" data-testid={`box-${box.box}`} style={{ whiteSpace: 'nowrap' }}>
          {formatBoxAmount(box.box, box.amountPence, language)}
        </Text>
      </Group>
      {count > 0 && (
        <>
          <Button
            variant="subtle"
            size="compact-sm"
            mt="xs"
            aria-expanded={open}
            aria-controls={listId}
            onClick={() => setOpen((value) => !value)}
            rightSection={
              <IconChevronDown
                size={14}
                style={{ transform: open ? 'rotate(180deg)' : undefined, transition: 'transform 150ms' }}
              />
            }
          >
            {t('vatReturns:boxes.showRecords', { count, box: box.box })}
          </Button>
          <Collapse expanded={open} id={listId}>
            <TableScroll minWidth={420}>
              <Table verticalSpacing={4} fz="sm" mt="xs" aria-label={t('vatReturns:boxes.recordsOf', { box: box.box })}>
                <Table.Tbody>
                  {box.flatRateVatPence !== null && (
                    <Table.Tr>
                      <Table.Td colSpan={2}>{t('vatReturns:boxes.flatRateLine')}</Table.Td>
                      <Table.Td ta="end">{formatMoney(box.flatRateVatPence, language)}</Table.Td>
                    </Table.Tr>
                  )}
                  {/* Built only when open, and only the first lines: a box of 50,000 records stays quick. */}
                  {(open ? box.lines.slice(0, linesShown) : []).map((line) => (
                    <Table.Tr key={line.recordId}>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(line.date, language)}</Table.Td>
                      <Table.Td>{line.description ?? t('vatReturns:boxes.missingRecord')}</Table.Td>
                      <Table.Td ta="end" style={{ whiteSpace: 'nowrap' }}>
                        {formatMoney(line.amountPence, language)}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </TableScroll>
            {box.lineCount > Math.min(box.lines.length, linesShown) && (
              <Text size="xs" c="dimmed" mt={4}>
                {t('vatReturns:boxes.firstLines', {
                  shown: Math.min(box.lines.length, linesShown).toLocaleString(localeOf(language)),
                  total: box.lineCount.toLocaleString(localeOf(language)),
                })}
              </Text>
            )}
            {isValueBox(box.box) && (
              <Text size="xs" c="dimmed" mt={4}>
                {t('vatReturns:boxes.wholePounds')}
              </Text>
            )}
          </Collapse>
        </>
      )}
    </Paper>
  );
}
