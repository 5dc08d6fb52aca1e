import { Badge, MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildTheme } from './mantine-theme';

describe('a badge in the VAT Wise theme', () => {
  it('keeps its whole text, wrapping it rather than cutting it short ("CARGA…")', () => {
    render(
      <MantineProvider theme={buildTheme({ colour: 'redruby', radius: 'rounded' })}>
        <Badge data-testid="badge">Cargando…</Badge>
      </MantineProvider>,
    );
    const badge = screen.getByTestId('badge');
    const label = screen.getByText('Cargando…');
    expect(label).toHaveStyle({ whiteSpace: 'normal', overflow: 'visible', textOverflow: 'clip' });
    // It grows to a second line, and a row of other content does not squeeze it.
    expect(badge).toHaveStyle({ height: 'auto', flexShrink: '0', maxWidth: '100%' });
  });
});
