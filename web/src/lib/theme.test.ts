import { describe, expect, it, vi } from 'vitest';
import {
  chooseThemeVersion,
  computeSnapshot,
  OPACITY_DEFAULTS,
  RADII_DEFAULTS,
  readStylesList,
  readThemeFile,
  themeFile,
  themeProperties,
  widthProperties,
  type ThemeSource,
} from './theme.ts';
import { contrastRatio, ensureContrast, parseColor, toHex } from './themeColors.ts';

const rgb = (hex: string) => parseColor(hex)!;

const DARK: ThemeSource = {
  themeEngineVersion: 3,
  colors: { bg: '#121a24', fg: '#182230', text: '#b9b9ba', link: '#d8a070', cRed: '#d31014' },
};

describe('contrast (WCAG 2)', () => {
  it('is 21 for black on white and 1 for a colour on itself', () => {
    expect(contrastRatio(rgb('#000'), rgb('#fff'))).toBeCloseTo(21, 5);
    expect(contrastRatio(rgb('#777777'), rgb('#777777'))).toBe(1);
    expect(contrastRatio(rgb('#767676'), rgb('#ffffff'))).toBeCloseTo(4.54, 2);
  });

  it('lightens a text too dark for a dark background until 4.5, and no further than needed', () => {
    const adjusted = ensureContrast(rgb('#333333'), [rgb('#121a24')]);
    const ratio = contrastRatio(adjusted, rgb('#121a24'));
    expect(ratio).toBeGreaterThanOrEqual(4.5);
    expect(ratio).toBeLessThan(4.8);
    expect(toHex(adjusted) > '#333333').toBe(true);
  });

  it('darkens a text too light for a light background', () => {
    const adjusted = ensureContrast(rgb('#cccccc'), [rgb('#ffffff')]);
    expect(contrastRatio(adjusted, rgb('#ffffff'))).toBeGreaterThanOrEqual(4.5);
    expect(toHex(adjusted) < '#cccccc').toBe(true);
  });

  it('leaves a readable text alone', () => {
    expect(toHex(ensureContrast(rgb('#ffffff'), [rgb('#000000')]))).toBe('#ffffff');
  });
});

describe('computing a v3 source', () => {
  it('fills in the radii and opacity defaults of the spec', () => {
    const snapshot = computeSnapshot(DARK);
    expect(snapshot.radii).toEqual(RADII_DEFAULTS);
    expect(snapshot.radii).toMatchObject({ btn: 4, input: 4, checkbox: 2, panel: 10, avatar: 5 });
    expect(snapshot.opacity).toEqual(OPACITY_DEFAULTS);
    expect(snapshot.opacity.underlay).toBe(0.15);
  });

  it('keeps every text colour at least 4.5:1 on its backgrounds, even from a bad source', () => {
    const snapshot = computeSnapshot({
      themeEngineVersion: 3,
      colors: { bg: '#ffffff', fg: '#f0f0f0', text: '#dddddd', link: '#eeee00', cRed: '#ff8888' },
    });
    const c = snapshot.colors;
    for (const [text, background] of [
      [c.text, c.bg],
      [c.text, c.panel],
      [c.link, c.panel],
      [c.faint, c.panel],
      [c.errorText, c.panel],
      [c.accentText, c.accent],
      [c.alertErrorText, c.alertError],
    ] as const)
      expect(contrastRatio(rgb(text), rgb(background))).toBeGreaterThanOrEqual(4.5);
  });

  it('applies per-component overrides, radii, fonts and shadows as custom properties', () => {
    const properties = themeProperties(
      computeSnapshot({
        ...DARK,
        colors: { ...DARK.colors, panel: '#223344', accent: '--link' },
        radii: { panel: 0, btn: 12 },
        fonts: { interface: { family: 'Open Sans' }, monospace: { family: 'monospace' } },
        shadows: {
          popup: [{ x: 1, y: 2, blur: 3, spread: 4, color: '#ff0000', alpha: 0.5, inset: true }],
        },
      }),
    );
    expect(properties['--panel']).toBe('#223344');
    expect(properties['--accent']).toBe(properties['--link']);
    expect(properties['--bg']).toBe('#121a24');
    expect(properties['--radius']).toBe('0px');
    expect(properties['--radius-small']).toBe('12px');
    expect(properties['--radius-avatarAlt']).toBe('50px');
    expect(properties['--font-interface']).toBe('"Open Sans"');
    expect(properties['--font-monospace']).toBe('monospace');
    expect(properties['--shadow']).toBe('inset 1px 2px 3px 4px rgb(255 0 0 / 50%)');
    expect(properties['--color-scheme']).toBe('dark');
  });

  it('column widths default to 25rem, 45rem and 25rem and refuse nonsense', () => {
    expect(
      widthProperties({
        sidebarColumnWidth: '30rem',
        contentColumnWidth: 'calc(1px)',
        notifsColumnWidth: '25rem',
      }),
    ).toEqual({
      '--sidebar-width': '30rem',
      '--content-width': '45rem',
      '--third-column-width': '25rem',
    });
  });
});

describe('theme files', () => {
  it('refuses what is not a theme', () => {
    expect(readThemeFile('{nope')).toEqual({ ok: false, error: 'not_json' });
    expect(readThemeFile('[]')).toEqual({ ok: false, error: 'not_a_theme' });
    expect(readThemeFile('{"_pleroma_theme_version": 7, "source": {}}')).toEqual({
      ok: false,
      error: 'not_a_theme',
    });
    expect(
      readThemeFile(JSON.stringify({ _pleroma_theme_version: 2, source: { colors: { bg: 'x' } } })),
    ).toEqual({ ok: false, error: 'no_colors' });
  });

  it('takes the source of an exported file, whose snapshot it computes to', () => {
    const read = readThemeFile(JSON.stringify(themeFile(DARK, 'mine')));
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    const choice = chooseThemeVersion(read);
    expect(choice.kind).toBe('source');
    expect(choice.source.colors.bg).toBe('#121a24');
  });

  it('asks when the snapshot and what the source computes to differ', () => {
    const file = themeFile(DARK);
    file.theme!.colors.bg = '#000000';
    const read = readThemeFile(JSON.stringify(file));
    if (!read.ok) throw new Error('refused');
    const choice = chooseThemeVersion(read);
    expect(choice.kind).toBe('ask');
    if (choice.kind !== 'ask') return;
    expect(choice.source.colors.bg).toBe('#121a24');
    expect(choice.snapshot.colors.bg).toBe('#000000');
  });

  it('takes the snapshot when the source is from another engine version or missing', () => {
    const file = themeFile(DARK);
    const older = { ...file, source: { ...file.source, themeEngineVersion: 2 } };
    expect(chooseThemeVersion(readThemeFile(JSON.stringify(older)) as never).kind).toBe('snapshot');
    const onlySnapshot = { _pleroma_theme_version: 2, theme: file.theme };
    expect(chooseThemeVersion(readThemeFile(JSON.stringify(onlySnapshot)) as never).kind).toBe(
      'snapshot',
    );
  });
});

describe('styles.json', () => {
  it('reads paths and the older array shape, warning about the rest', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const list = readStylesList({
      'pleroma-dark': '/static/themes/pleroma-dark.json',
      classic: ['Classic', '#121a24', '#182230', '#b9b9ba', '#d8a070', '#d31014', '#0fa00f'],
      broken: 42,
    });
    expect(list.map((entry) => entry.name)).toEqual(['pleroma-dark', 'classic']);
    expect(list[1]).toMatchObject({ kind: 'inline', source: { colors: { bg: '#121a24' } } });
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });
});
