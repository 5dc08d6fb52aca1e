import { Alert, Anchor, Button, Group, List, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconTrash } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { formatDate } from '../../../shared/format/format';
import { notify } from '../../../shared/toasts/notifier';
import { usePageTitle } from '../../../shared/ui/use-page-title';
import { demoSurveysApi } from '../api';
import { LoadingState } from '../components/LoadingState';
import { SurveyLabelBadge, SurveyStatusBadge } from '../components/SurveyBadges';
import type { Survey, SurveyQuestion } from '../survey';

/** Demo survey detail (docs/reference/product.md §4, 'Survey demo'): the survey's questions, each of which can be deleted. */
export default function SurveyDetailPage() {
  const { t } = useTranslation(['common', 'demoSurveys']);
  const location = useLocation();
  const id = Number(useParams().surveyId);
  const known = Number.isInteger(id) && id > 0;
  const survey = demoSurveysApi.useSurveyQuery(id, { skip: !known });
  usePageTitle(survey.data?.title ?? t('demoSurveys:survey'));
  // The list passes its search along, so going back shows the list as it was left.
  const listSearch = (location.state as { listSearch?: string } | null)?.listSearch ?? '';

  const content = () => {
    if (survey.isLoading) return <LoadingState label={t('demoSurveys:loadingSurvey')} />;
    const missing = !known || (survey.error && 'status' in survey.error && survey.error.status === 404);
    if (missing) return <Alert color="yellow">{t('demoSurveys:notFound')}</Alert>;
    if (survey.isError || !survey.data) {
      return (
        <Alert color="red" role="alert">
          {t('demoSurveys:loadFailed')}{' '}
          <Button size="xs" variant="subtle" onClick={() => void survey.refetch()}>
            {t('demoSurveys:retry')}
          </Button>
        </Alert>
      );
    }
    return <SurveyQuestions survey={survey.data} />;
  };

  return (
    <Stack gap="lg" data-testid="demo-survey">
      <Anchor component={Link} to={{ pathname: '..', search: listSearch }} relative="path" size="sm" w="fit-content">
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden />
          {t('demoSurveys:backToList')}
        </Group>
      </Anchor>
      <Title order={1}>{survey.data?.title ?? t('demoSurveys:survey')}</Title>
      {content()}
    </Stack>
  );
}

function SurveyQuestions({ survey }: { survey: Survey }) {
  const { t, i18n } = useTranslation(['common', 'demoSurveys']);
  const [removeQuestion, removing] = demoSurveysApi.useDeleteQuestionMutation();
  // Kept after the dialog closes, so its text does not go blank while it fades out.
  const [confirming, setConfirming] = useState<SurveyQuestion | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const askToDelete = (question: SurveyQuestion) => {
    setConfirming(question);
    setConfirmOpen(true);
  };
  const questionsHeading = useRef<HTMLHeadingElement>(null);
  /** Set once a question is deleted: when the dialog has finished closing, focus goes to the list. */
  const focusListAfterClose = useRef(false);

  const onDelete = async (question: SurveyQuestion) => {
    const result = await removeQuestion({ surveyId: survey.id, questionId: question.id });
    setConfirmOpen(false);
    if ('error' in result) {
      notify({ type: 'error', message: t('demoSurveys:notDeleted') });
      return;
    }
    notify({ type: 'success', message: t('demoSurveys:deleted', { title: question.title }) });
    // The button that opened the dialog is gone with its question: keep keyboard users in the list,
    // once the dialog has closed (the dialog hands focus back as it closes, which would undo it).
    focusListAfterClose.current = true;
  };

  return (
    <>
      <Stack gap="xs">
        <Group gap="xs">
          <Text>{survey.category}</Text>
          <SurveyStatusBadge status={survey.status} />
          <SurveyLabelBadge label={survey.label} color={survey.labelColor} />
          <Text c="dimmed" size="sm">
            {formatDate(survey.createDate, i18n.language)}
          </Text>
        </Group>
        <Text>{survey.detail}</Text>
      </Stack>
      <Stack gap="sm" component="section" aria-labelledby="survey-questions-title">
        <Title order={2} id="survey-questions-title" ref={questionsHeading} tabIndex={-1}>
          {t('demoSurveys:questionsTitle')} ({survey.questions.length})
        </Title>
        {survey.questions.length === 0 ? (
          <Text c="dimmed">{t('demoSurveys:noQuestions')}</Text>
        ) : (
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
            {survey.questions.map((question) => (
              <Paper component="li" key={question.id} withBorder p="md" data-testid="survey-question">
                <Group justify="space-between" align="flex-start" wrap="nowrap">
                  <Stack gap={4}>
                    <Text fw={600}>{question.title}</Text>
                    <Text>{question.question}</Text>
                    <Text size="sm" c="dimmed">
                      {t(`demoSurveys:answerTypes.${question.answerType}`)}
                    </Text>
                    {question.answers.length > 0 && (
                      <List size="sm" aria-label={t('demoSurveys:answersOf', { title: question.title })}>
                        {question.answers.map((answer) => (
                          <List.Item key={answer.id}>{answer.label}</List.Item>
                        ))}
                      </List>
                    )}
                  </Stack>
                  <Button
                    variant="subtle"
                    color="red"
                    size="xs"
                    leftSection={<IconTrash size={16} aria-hidden />}
                    aria-label={t('demoSurveys:deleteQuestionOf', { title: question.title })}
                    onClick={() => askToDelete(question)}
                  >
                    {t('demoSurveys:delete')}
                  </Button>
                </Group>
              </Paper>
            ))}
          </Stack>
        )}
      </Stack>
      <Modal
        opened={confirmOpen}
        onClose={() => setConfirmOpen(false)}
        title={t('demoSurveys:confirmTitle')}
        onExitTransitionEnd={() => {
          if (!focusListAfterClose.current) return;
          focusListAfterClose.current = false;
          questionsHeading.current?.focus();
        }}
      >
        <Stack>
          <Text>{t('demoSurveys:confirmText', { title: confirming?.title })}</Text>
          <Group justify="flex-end">
            {/* A deletion is never the default: the dialog opens on Cancel. */}
            <Button variant="default" onClick={() => setConfirmOpen(false)} data-autofocus>
              {t('demoSurveys:cancel')}
            </Button>
            <Button color="red" loading={removing.isLoading} onClick={() => confirming && void onDelete(confirming)}>
              {t('demoSurveys:delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
