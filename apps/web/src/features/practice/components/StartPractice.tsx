import { Alert, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { practiceApi } from '../api';
import { ownWorkOffer } from '../own-work-api';
import { asQueryError, describePracticeError, practiceSlug, workspace } from '../workspace';

export const PRACTICE_NAME_MAX = 100;

/** Starts a practice with the user as its owner, then works in it (reloading the page). */
export function StartPractice() {
  const { t } = useTranslation(['common', 'practice']);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [working, setWorking] = useState(false);
  const [create] = practiceApi.useCreatePracticeMutation();
  const [setActive] = practiceApi.useSetActivePracticeMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    const problem = !trimmed
      ? t('practice:start.nameRequired')
      : trimmed.length > PRACTICE_NAME_MAX
        ? t('practice:start.nameTooLong', { max: PRACTICE_NAME_MAX })
        : null;
    setNameError(problem);
    setFailure(null);
    if (problem) return;
    setWorking(true);
    try {
      const created = await create({ name: trimmed, slug: practiceSlug(trimmed) }).unwrap();
      // better-auth makes a new practice active itself; asking again says so whatever it does.
      await setActive({ organizationId: created.id }).unwrap();
      // Once in the practice, the Practice screen offers at once to bring the user's own work along.
      ownWorkOffer.set(created.id);
      // A new workspace: start the app again in it (see workspace.reload).
      workspace.reload();
    } catch (caught) {
      setWorking(false);
      setFailure(describePracticeError(asQueryError(caught), t));
    }
  };

  return (
    <Card withBorder component="section" aria-labelledby="start-title" data-testid="start-practice">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h3" id="start-title">
            {t('practice:start.title')}
          </Title>
          <Text size="sm">{t('practice:start.why')}</Text>
          <TextInput
            label={t('practice:start.name')}
            description={t('practice:start.nameHint')}
            required
            value={name}
            onChange={(event) => {
              setName(event.currentTarget.value);
              setNameError(null);
            }}
            error={nameError}
            data-testid="practice-name"
          />
          {failure && (
            <Alert color="red" role="alert" title={t('practice:start.failed')}>
              {failure}
            </Alert>
          )}
          <Group>
            <Button type="submit" loading={working}>
              {t('practice:start.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
