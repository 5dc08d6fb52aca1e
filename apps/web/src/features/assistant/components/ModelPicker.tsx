import { Alert, Select } from '@mantine/core';
import { type LlmSelection, type ModelInfo, llmSelections } from '@vatwise/domain';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { assistantApi } from '../api';

/** Why the chosen model cannot answer, when it cannot (the server then answers with Built-in). */
export function unavailableModel(models: ModelInfo[] | undefined, selected: LlmSelection): ModelInfo | undefined {
  const info = models?.find((model) => model.id === selected);
  return info && !info.configured ? info : undefined;
}

/**
 * Why a model cannot be used, in the reader's language. The server's reason is in English; it is
 * shown only for a model this version does not know.
 */
export function reasonOf(info: ModelInfo, t: TFunction<'assistant'>): string {
  if (info.configured) return '';
  return t(`model.reasons.${info.id}`, { defaultValue: info.reason ?? '' });
}

/**
 * The model choice. Models the server has no key for are listed but disabled, with the reason;
 * if the remembered choice is one of them, a notice says the built-in assistant answers instead.
 */
export function ModelPicker({ selected, onChange }: { selected: LlmSelection; onChange: (llm: LlmSelection) => void }) {
  const { t } = useTranslation('assistant');
  const models = assistantApi.useModelsQuery();
  const unavailable = unavailableModel(models.data, selected);
  const data = llmSelections.map((id) => {
    const info = models.data?.find((model) => model.id === id);
    const usable = info?.configured ?? id === 'Built-in';
    return {
      value: id,
      label: usable ? id : `${id} (${t('model.unavailable')})`,
      // The remembered choice stays selectable so the picker can show it.
      disabled: !usable && id !== selected,
    };
  });
  return (
    <>
      <Select
        label={t('model.label')}
        size="xs"
        data={data}
        value={selected}
        allowDeselect={false}
        onChange={(value) => value && onChange(value as LlmSelection)}
        w={220}
        comboboxProps={{ withinPortal: true }}
        data-testid="model-picker"
        renderOption={({ option }) => {
          const info = models.data?.find((model) => model.id === option.value);
          const detail =
            info?.id === 'Built-in'
              ? t('model.builtIn')
              : info && !info.configured
                ? reasonOf(info, t)
                : (info?.model ?? '');
          return (
            <div>
              <div>{option.label}</div>
              {detail && <div style={{ fontSize: 11, opacity: 0.7 }}>{detail}</div>}
            </div>
          );
        }}
      />
      {unavailable && (
        <Alert color="yellow" variant="light" p="xs" data-testid="model-fallback">
          {t('model.notConfigured', { model: unavailable.id, reason: reasonOf(unavailable, t) })}
        </Alert>
      )}
      {models.isError && (
        <Alert color="yellow" variant="light" p="xs">
          {t('model.loadFailed')}
        </Alert>
      )}
    </>
  );
}
