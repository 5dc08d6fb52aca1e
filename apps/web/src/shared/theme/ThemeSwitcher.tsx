import { ActionIcon } from '@mantine/core';
import { IconPalette } from '@tabler/icons-react';
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ThemePanelProps } from './ThemePanel';

// The panel's popover and tooltips need a floating-position library the landing page
// otherwise never uses, so it downloads only when someone opens it.
const ThemePanel = lazy(() => import('./ThemePanel'));

export function ThemeSwitcher(props: ThemePanelProps) {
  const { t } = useTranslation();
  const [wanted, setWanted] = useState(false);
  const button = (
    <ActionIcon
      variant="subtle"
      color="gray"
      size="lg"
      aria-label={t('theme.button')}
      data-testid="theme-switcher"
      onClick={() => setWanted(true)}
    >
      <IconPalette size={20} />
    </ActionIcon>
  );
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      <ThemePanel {...props} />
    </Suspense>
  );
}
