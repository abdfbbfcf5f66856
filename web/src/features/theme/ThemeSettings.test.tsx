import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { themeFile, type ThemeSource } from '../../lib/theme.ts';
import { DEFAULT_INSTANCE_CONFIG, useInstance } from '../../state/instance.ts';
import { DEFAULT_PREFERENCES, usePreferences } from '../../state/preferences.ts';
import { ThemeSettings } from './ThemeSettings.tsx';

const DARK: ThemeSource = {
  themeEngineVersion: 3,
  colors: { bg: '#0f1923', fg: '#182430', text: '#dfe6ee', link: '#f5b942' },
};
const LIGHT: ThemeSource = {
  themeEngineVersion: 3,
  colors: { bg: '#e9edf1', fg: '#ffffff', text: '#1b2530', link: '#1f5fae' },
};

const STYLES = {
  'pleroma-dark': '/static/themes/pleroma-dark.json',
  'pleroma-light': '/static/themes/pleroma-light.json',
};

beforeEach(() => {
  usePreferences.setState(DEFAULT_PREFERENCES);
  // A Pleroma instance whose start-up fetched its styles.json.
  useInstance.setState({
    loaded: true,
    config: { ...DEFAULT_INSTANCE_CONFIG, serverFlavour: 'pleroma', styles: STYLES },
  });
  localStorage.clear();
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/static/styles.json') return Response.json(STYLES);
    if (url.pathname === '/static/themes/pleroma-dark.json')
      return Response.json(themeFile(DARK, 'pleroma-dark'));
    if (url.pathname === '/static/themes/pleroma-light.json')
      return Response.json(themeFile(LIGHT, 'pleroma-light'));
    return Response.json({ error: 'Not found' }, { status: 404 });
  });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const rootProperty = (name: string) => document.documentElement.style.getPropertyValue(name);
const preview = () => screen.getByRole('region', { name: 'Preview' });

async function importText(text: string) {
  const input = screen.getByLabelText('Import from a file') as HTMLInputElement;
  const file = new File([text], 'theme.json', { type: 'application/json' });
  await act(async () => {
    fireEvent.change(input, { target: { files: [file] } });
  });
}

describe('the Theme tab', () => {
  it('picks a theme with a live preview, and applying it changes the page without a reload', async () => {
    render(<ThemeSettings />);
    const select = await screen.findByRole('combobox', { name: 'Theme' });
    await waitFor(() => expect(preview().style.getPropertyValue('--bg')).toBe('#0f1923'));
    fireEvent.change(select, { target: { value: 'pleroma-light' } });
    await waitFor(() => expect(preview().style.getPropertyValue('--bg')).toBe('#e9edf1'));
    // Only the preview so far.
    expect(rootProperty('--bg')).not.toBe('#e9edf1');

    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(rootProperty('--bg')).toBe('#e9edf1'));
    expect(rootProperty('--color-scheme')).toBe('light');
    expect(rootProperty('--sidebar-width')).toBe('25rem');
    expect(usePreferences.getState().theme).toBe('pleroma-light');
    expect(usePreferences.getState().customTheme).toBeNull();
    // Kept for the starter to apply before the next first paint.
    const saved = JSON.parse(localStorage.getItem('starling:theme') ?? '{}');
    expect(saved.properties['--bg']).toBe('#e9edf1');
  });

  it('adjusts a text colour whose contrast falls below 4.5 and shows the ratio', async () => {
    render(<ThemeSettings />);
    const text = await screen.findByRole('textbox', { name: 'Text' });
    fireEvent.change(text, { target: { value: '#333333' } });
    const ratio = document.getElementById(text.getAttribute('aria-describedby') ?? '');
    await waitFor(() =>
      expect(ratio?.textContent).toMatch(
        /^Contrast 1\.\d\d:1, below 4\.5: shown as #[0-9a-f]{6} \(\d+\.\d\d:1\)$/,
      ),
    );
    const [, shown, adjusted] =
      /shown as (#[0-9a-f]{6}) \(([\d.]+):1\)/.exec(ratio?.textContent ?? '') ?? [];
    expect(Number(adjusted)).toBeGreaterThanOrEqual(4.5);
    expect(preview().style.getPropertyValue('--fg')).toBe(shown);

    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(rootProperty('--fg')).toBe(shown));
    expect(usePreferences.getState().customTheme).toMatchObject({ colors: { text: '#333333' } });
  });

  it('refuses an invalid file with a message and changes nothing', async () => {
    render(<ThemeSettings />);
    await waitFor(() => expect(preview().style.getPropertyValue('--bg')).toBe('#0f1923'));
    await importText('{"not": "a theme"}');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('That file is not a theme file; nothing was changed.');
    expect(screen.getByLabelText('Import from a file').getAttribute('aria-describedby')).toContain(
      alert.id,
    );
    expect(preview().style.getPropertyValue('--bg')).toBe('#0f1923');
    expect(usePreferences.getState().customTheme).toBeNull();
  });

  it('asks which version to take when the snapshot and the source differ', async () => {
    render(<ThemeSettings />);
    await waitFor(() => expect(preview().style.getPropertyValue('--bg')).toBe('#0f1923'));
    const file = themeFile(LIGHT);
    file.theme!.colors.bg = '#d0d0d0';
    await importText(JSON.stringify(file));
    const dialog = await screen.findByRole('alertdialog', { name: 'Which version of this theme?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Take the old version' }));
    await waitFor(() => expect(preview().style.getPropertyValue('--bg')).toBe('#d0d0d0'));

    await importText(JSON.stringify(file));
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Take the new version',
      }),
    );
    await waitFor(() => expect(preview().style.getPropertyValue('--bg')).toBe('#e9edf1'));
  });
});
