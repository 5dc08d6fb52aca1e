import { Alert, Badge, Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { canApproveReturns, type ReturnDraft, type ReviewState } from '@vatwise/domain';
import { IconChecks, IconEdit, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../../shared/api/http-errors';
import { formatDateTime } from '../../../shared/format/format';
import { useAuth } from '../../auth';
import { vatReturnsApi } from '../api';
import { asQueryError } from '../common/query-error';

/** A review state's colour, on the Return page and in the returns list. */
export const reviewColour: Record<ReviewState, string> = {
  draft: 'gray',
  ready: 'blue',
  approved: 'green',
  changed: 'orange',
};

interface ReviewPanelProps {
  draft: ReturnDraft;
  editable: boolean;
}

/**
 * A return's review before filing: where it stands (marked ready by whom, approved by whom, or
 * changed since), the steps the signed-in member may take, and the notes the team leaves on it.
 * The server decides who may approve; the buttons only follow its rule to avoid a useless click.
 */
export function ReviewPanel({ draft, editable }: ReviewPanelProps) {
  const { t, i18n } = useTranslation(['common', 'vatReturns']);
  const { user } = useAuth();
  const [step, stepState] = vatReturnsApi.useReviewStepMutation();
  const { review } = draft;
  const practice = user?.practice ?? null;
  const mayApprove =
    practice !== null && canApproveReturns(practice.role) && review.readyById !== null && review.readyById !== user?.id;
  const error = stepState.error ? describeError(asQueryError(stepState.error), t) : null;
  const language = i18n.language;

  return (
    <Stack gap="md" data-testid="review-panel">
      <Group gap="sm">
        <Badge color={reviewColour[review.state]} size="lg" variant="light" data-testid="review-state">
          {t(`vatReturns:review.states.${review.state}`)}
        </Badge>
        {review.required && (
          <Text size="sm" c="dimmed">
            {t('vatReturns:review.required')}
          </Text>
        )}
      </Group>
      {review.readyBy && review.readyAt && (
        <Text size="sm" data-testid="review-ready-by">
          {t('vatReturns:review.readyBy', { name: review.readyBy, at: formatDateTime(review.readyAt, language) })}
        </Text>
      )}
      {review.approvedBy && review.approvedAt && (
        <Text size="sm" data-testid="review-approved-by">
          {t('vatReturns:review.approvedBy', {
            name: review.approvedBy,
            at: formatDateTime(review.approvedAt, language),
          })}
        </Text>
      )}
      {review.state === 'changed' && (
        <Alert color="orange" data-testid="review-changed">
          <Text size="sm">{t('vatReturns:review.changed')}</Text>
        </Alert>
      )}
      {editable && (
        <Group gap="sm">
          {/* Once ready or approved there is nothing to mark; after a change it is marked ready again. */}
          {(review.state === 'draft' || review.state === 'changed') && (
            <Button
              variant="light"
              leftSection={<IconSend size={16} />}
              loading={stepState.isLoading && stepState.originalArgs?.step === 'ready'}
              onClick={() => void step({ id: draft.id, step: 'ready' })}
            >
              {t('vatReturns:review.markReady')}
            </Button>
          )}
          {mayApprove && review.state !== 'approved' && (
            <Button
              color="green"
              leftSection={<IconChecks size={16} />}
              loading={stepState.isLoading && stepState.originalArgs?.step === 'approve'}
              onClick={() => void step({ id: draft.id, step: 'approve' })}
            >
              {t('vatReturns:review.approve')}
            </Button>
          )}
          {review.state !== 'draft' && (
            <Button
              variant="subtle"
              leftSection={<IconEdit size={16} />}
              loading={stepState.isLoading && stepState.originalArgs?.step === 'reopen'}
              onClick={() => void step({ id: draft.id, step: 'reopen' })}
            >
              {t('vatReturns:review.reopen')}
            </Button>
          )}
        </Group>
      )}
      {editable && practice && review.state === 'ready' && !mayApprove && (
        <Text size="sm" c="dimmed" data-testid="review-waiting">
          {review.readyById === user?.id && canApproveReturns(practice.role)
            ? t('vatReturns:review.askAnother')
            : t('vatReturns:review.waitingForApprover')}
        </Text>
      )}
      {error && (
        <Alert color="red" role="alert" data-testid="review-error">
          <Text size="sm">{error}</Text>
        </Alert>
      )}
      <ReturnNotes returnId={draft.id} />
    </Stack>
  );
}

/** The team's notes on a return, oldest first, and a box to add one. */
function ReturnNotes({ returnId }: { returnId: string }) {
  const { t, i18n } = useTranslation(['common', 'vatReturns']);
  const notes = vatReturnsApi.useReturnNotesQuery(returnId);
  const [addNote, adding] = vatReturnsApi.useAddReturnNoteMutation();
  const [text, setText] = useState('');
  const error = adding.error ? describeError(asQueryError(adding.error), t) : null;

  async function save() {
    if (!text.trim()) return;
    const result = await addNote({ id: returnId, text: text.trim() });
    if ('data' in result) setText('');
  }

  return (
    <Stack gap="xs" data-testid="return-notes">
      <Title order={3} size="h5">
        {t('vatReturns:review.notesTitle')}
      </Title>
      {notes.isLoading && <Text size="sm">{t('vatReturns:review.notesLoading')}</Text>}
      {notes.data?.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('vatReturns:review.noNotes')}
        </Text>
      )}
      {notes.data?.map((note) => (
        <Paper key={note.id} withBorder p="xs" data-testid="return-note">
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {note.text}
          </Text>
          <Text size="xs" c="dimmed">
            {t('vatReturns:review.noteBy', { name: note.authorName, at: formatDateTime(note.at, i18n.language) })}
          </Text>
        </Paper>
      ))}
      <Textarea
        label={t('vatReturns:review.noteLabel')}
        value={text}
        maxLength={2000}
        rows={3}
        onChange={(event) => setText(event.currentTarget.value)}
        error={error}
      />
      <div>
        <Button
          variant="default"
          size="xs"
          disabled={!text.trim()}
          loading={adding.isLoading}
          onClick={() => void save()}
        >
          {t('vatReturns:review.addNote')}
        </Button>
      </div>
    </Stack>
  );
}
