import { Input } from '@mantine/core';
import { IconChevronDown, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type Language, languages } from '../theme/preferences';

interface LanguageMenuProps {
  language: Language;
  onChange: (language: Language) => void;
}

/**
 * A native select: keyboard and screen-reader friendly everywhere, and it costs the landing
 * page none of the floating-menu code.
 */
export function LanguageMenu({ language, onChange }: LanguageMenuProps) {
  const { t } = useTranslation();
  return (
    // Mantine's Input as a native select: NativeSelect would pull in the whole combobox.
    <Input
      component="select"
      aria-label={t('header.language')}
      data-testid="language-select"
      size="xs"
      w={{ base: 124, sm: 190 }}
      leftSection={<IconLanguage size={16} />}
      rightSection={<IconChevronDown size={14} />}
      pointer
      value={language}
      onChange={(event) => onChange((event.currentTarget as HTMLSelectElement).value as Language)}
    >
      {languages.map((choice) => (
        <option key={choice} value={choice}>
          {t(`languages.${choice}`)}
        </option>
      ))}
    </Input>
  );
}
