import {
  ActionIcon,
  CheckIcon,
  ColorSwatch,
  Group,
  Popover,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconPalette } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type ThemeColour, themeColourNames, themeColours } from './colours';
import type { ColorScheme, Preferences, Radius } from './preferences';

export interface ThemePanelProps {
  preferences: Preferences;
  onColour: (colour: ThemeColour) => void;
  onColorScheme: (scheme: ColorScheme) => void;
  onRadius: (radius: Radius) => void;
}

/** Ten colours, light or dark, rounded or flat: applied at once and remembered in this browser. */
export default function ThemePanel({ preferences, onColour, onColorScheme, onRadius }: ThemePanelProps) {
  const { t } = useTranslation();
  return (
    // Loaded on the first click of the switcher's button, so it opens at once.
    <Popover position="bottom-end" withinPortal shadow="md" trapFocus defaultOpened>
      <Popover.Target>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t('theme.button')} data-testid="theme-switcher">
          <IconPalette size={20} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="sm" w={240}>
          <Text size="sm" fw={600}>
            {t('theme.colour')}
          </Text>
          <SimpleGrid cols={5} spacing="xs" role="radiogroup" aria-label={t('theme.colour')}>
            {themeColourNames.map((colour) => {
              const chosen = colour === preferences.colour;
              return (
                <Tooltip key={colour} label={t(`theme.colours.${colour}`)} withinPortal>
                  <ColorSwatch
                    component="button"
                    type="button"
                    role="radio"
                    aria-checked={chosen}
                    aria-label={t(`theme.colours.${colour}`)}
                    data-testid={`theme-colour-${colour}`}
                    color={themeColours[colour]}
                    onClick={() => onColour(colour)}
                    style={{ color: '#fff', cursor: 'pointer' }}
                  >
                    {chosen && <CheckIcon size={12} />}
                  </ColorSwatch>
                </Tooltip>
              );
            })}
          </SimpleGrid>
          <SegmentRow
            label={t('theme.mode')}
            value={preferences.colorScheme}
            onChange={onColorScheme}
            options={[
              { value: 'light', label: t('theme.light') },
              { value: 'dark', label: t('theme.dark') },
            ]}
          />
          <SegmentRow
            label={t('theme.radius')}
            value={preferences.radius}
            onChange={onRadius}
            options={[
              { value: 'rounded', label: t('theme.rounded') },
              { value: 'flat', label: t('theme.flat') },
            ]}
          />
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

function SegmentRow<Value extends string>(props: {
  label: string;
  value: Value;
  onChange: (value: Value) => void;
  options: { value: Value; label: string }[];
}) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text size="sm" fw={600}>
        {props.label}
      </Text>
      <SegmentedControl
        size="xs"
        aria-label={props.label}
        value={props.value}
        onChange={(value) => props.onChange(value as Value)}
        data={props.options}
      />
    </Group>
  );
}
