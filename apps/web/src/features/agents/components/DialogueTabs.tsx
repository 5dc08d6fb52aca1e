import { Card, Group, Select, Stack, Tabs, Text } from '@mantine/core';
import { agentIds } from '@vatwise/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { agentDialogueLog, useDialogueLog, vatDialogueLog } from '../../../shared/logs/dialogue-log';
import { ClearLogButton } from './ClearLogButton';
import { DialogueList } from './DialogueList';

type Store = 'agent' | 'vat';

/** The user's two dialogues on the Agents screen: every agent's lines (or one's), and HMRC's calls. */
export function DialogueTabs() {
  const { t } = useTranslation('agents');
  const [store, setStore] = useState<Store>('agent');
  const [agent, setAgent] = useState<string | null>(null);
  const agentEntries = useDialogueLog(agentDialogueLog);
  const vatEntries = useDialogueLog(vatDialogueLog);
  const shown = agent ? agentEntries.filter((entry) => entry.source === agent) : agentEntries;

  return (
    <Card withBorder padding="lg">
      <Tabs value={store} onChange={(value) => setStore(value === 'vat' ? 'vat' : 'agent')} keepMounted={false}>
        <Group justify="space-between" align="flex-end" mb="sm">
          <Tabs.List>
            <Tabs.Tab value="agent">{t('dialogue.agentTab')}</Tabs.Tab>
            <Tabs.Tab value="vat">{t('dialogue.vatTab')}</Tabs.Tab>
          </Tabs.List>
          <ClearLogButton store={store} count={store === 'agent' ? agentEntries.length : vatEntries.length} />
        </Group>
        <Tabs.Panel value="agent">
          <Stack gap="sm">
            <Select
              label={t('dialogue.filter')}
              placeholder={t('dialogue.allAgents')}
              data={agentIds.map((id) => ({ value: id, label: t(`names.${id}`) }))}
              value={agent}
              onChange={setAgent}
              clearable
              maw={320}
            />
            <DialogueList
              entries={shown}
              label={t('dialogue.agentTab')}
              empty={t('dialogue.emptyAgent')}
              testId="agents-dialogue"
              showSource
            />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="vat">
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {t('dialogue.vatIntro')}
            </Text>
            <DialogueList
              entries={vatEntries}
              label={t('dialogue.vatTab')}
              empty={t('dialogue.emptyVat')}
              testId="vat-dialogue"
            />
          </Stack>
        </Tabs.Panel>
      </Tabs>
    </Card>
  );
}
