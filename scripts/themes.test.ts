import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { themeProperties, computeSnapshot } from '../web/src/lib/theme.ts';
import { contrastRatio, parseColor } from '../web/src/lib/themeColors.ts';
import { THEME_SOURCES, THEMES_JSON, themeFiles } from './themes.ts';

describe('the shipped themes', () => {
  it('are the files scripts/themes.ts writes (run it after changing a theme)', () => {
    expect(JSON.parse(readFileSync(THEMES_JSON, 'utf8'))).toEqual(themeFiles());
  });

  it('keep text, links and muted text at least 4.5:1 on the panels and the page', () => {
    for (const [name, source] of Object.entries(THEME_SOURCES)) {
      const p = themeProperties(computeSnapshot(source));
      const ratio = (a: string, b: string) => contrastRatio(parseColor(p[a])!, parseColor(p[b])!);
      for (const [text, background] of [
        ['--fg', '--bg'],
        ['--fg', '--panel'],
        ['--fg', '--panel-header'],
        ['--fg', '--button'],
        ['--fg', '--input'],
        ['--link', '--panel'],
        ['--muted', '--panel'],
        ['--muted', '--input'],
        ['--accent-fg', '--accent'],
        ['--danger-text', '--panel'],
        ['--danger-fg', '--danger'],
      ])
        expect(
          ratio(text!, background!),
          `${name}: ${text} on ${background}`,
        ).toBeGreaterThanOrEqual(4.5);
    }
  });
});
