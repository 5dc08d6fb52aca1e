import { Anchor, Group } from '@mantine/core';
import { IconHelpCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { clientConfig } from '../../shared/config/client-config';
import { LanguageMenu } from '../../shared/i18n/LanguageMenu';
import { ThemeSwitcher } from '../../shared/theme/ThemeSwitcher';
import { colorSchemeChosen, colourChosen, languageChosen, radiusChosen } from '../../shared/theme/preferences';
import { useAppDispatch, useAppSelector } from '../store';

/** Help, language and appearance: the same in every layout's header. */
export function HeaderControls() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const preferences = useAppSelector((state) => state.preferences);
  return (
    <Group gap="xs" wrap="nowrap">
      <Anchor
        href={clientConfig.helpUrl}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={t('header.helpLabel')}
        data-testid="help-link"
        c="dimmed"
        size="sm"
      >
        <Group gap={4} wrap="nowrap">
          <IconHelpCircle size={18} />
          <span className="vw-hide-on-mobile">{t('header.help')}</span>
        </Group>
      </Anchor>
      <LanguageMenu language={preferences.language} onChange={(language) => dispatch(languageChosen(language))} />
      {clientConfig.showThemeSwitcher && (
        <ThemeSwitcher
          preferences={preferences}
          onColour={(colour) => dispatch(colourChosen(colour))}
          onColorScheme={(scheme) => dispatch(colorSchemeChosen(scheme))}
          onRadius={(radius) => dispatch(radiusChosen(radius))}
        />
      )}
    </Group>
  );
}
