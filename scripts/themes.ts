import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { themeFile, type ThemeFile, type ThemeSource } from '../web/src/lib/theme.ts';

/**
 * The themes the local instance ships (its /static/styles.json), as v3 sources. Each file the
 * server serves is `themeFile(source)`: the source and the snapshot it computes to, written to
 * server/src/routes/themes.json by `node --import tsx scripts/themes.ts` (the server may not
 * import the client's engine; scripts/themes.test.ts holds the two equal).
 */
const source = (
  colors: ThemeSource['colors'],
  extra: Omit<ThemeSource, 'themeEngineVersion' | 'colors'> = {},
): ThemeSource => ({ themeEngineVersion: 3, colors, ...extra });

export const THEME_SOURCES: Record<string, ThemeSource> = {
  // The default: the palette app/global.css starts with, so a first visit never changes colour.
  'pleroma-dark': source({
    bg: '#0f1923',
    fg: '#182430',
    text: '#dfe6ee',
    link: '#f5b942',
    accent: '#f5b942',
    cRed: '#c93c35',
    cBlue: '#7cc4ff',
    cGreen: '#3fb68b',
    cOrange: '#d9a33a',
    topBar: '#1d2b39',
    border: '#26384a',
    btn: '#22323f',
    btnHover: '#2b3f50',
    input: '#111c26',
    faint: '#8fa1b3',
    accentHover: '#ffca63',
    accentText: '#1a1204',
    errorText: '#f47c76',
    alertErrorText: '#ffffff',
  }),
  'pleroma-light': source({
    bg: '#e9edf1',
    fg: '#ffffff',
    text: '#1b2530',
    link: '#1f5fae',
    accent: '#1f5fae',
    cRed: '#b3261e',
    cBlue: '#1f5fae',
    cGreen: '#2e7d32',
    cOrange: '#a15c00',
    border: '#cfd8e1',
    faint: '#55626f',
  }),
  'starling-dawn': source({
    bg: '#f4f1ec',
    fg: '#fbf9f5',
    text: '#2a2520',
    link: '#8a4b12',
    accent: '#8a4b12',
    cRed: '#b3261e',
    cBlue: '#1f5fae',
    cGreen: '#2e7d32',
    cOrange: '#a15c00',
    faint: '#6a5f54',
  }),
  'redmond-xx': source(
    {
      bg: '#c0c0c0',
      fg: '#dfdfdf',
      text: '#000000',
      link: '#0000a8',
      accent: '#000080',
      cRed: '#a80000',
      cBlue: '#0000a8',
      cGreen: '#006e00',
      cOrange: '#8a5a00',
      border: '#808080',
      faint: '#404040',
    },
    {
      radii: {
        btn: 0,
        input: 0,
        checkbox: 0,
        panel: 0,
        avatar: 0,
        avatarAlt: 0,
        tooltip: 0,
        attachment: 0,
      },
      shadows: {
        panel: [{ x: 1, y: 1, blur: 0, spread: 0, color: '#000000', alpha: 0.6 }],
        popup: [{ x: 2, y: 2, blur: 0, spread: 0, color: '#000000', alpha: 0.6 }],
        button: [
          { x: -1, y: -1, blur: 0, spread: 0, color: '#000000', alpha: 0.5, inset: true },
          { x: 1, y: 1, blur: 0, spread: 0, color: '#ffffff', alpha: 1, inset: true },
        ],
      },
      fonts: { interface: { family: 'Tahoma, Verdana, sans-serif' } },
    },
  ),
  'starling-night': source({
    bg: '#000000',
    fg: '#101418',
    text: '#f2f2f2',
    link: '#8ecbff',
    accent: '#8ecbff',
    cRed: '#ff6b6b',
    cBlue: '#8ecbff',
    cGreen: '#5fd38d',
    cOrange: '#ffb454',
  }),
};

export function themeFiles(): Record<string, ThemeFile> {
  return Object.fromEntries(
    Object.entries(THEME_SOURCES).map(([name, theme]) => [name, themeFile(theme, name)]),
  );
}

export const THEMES_JSON = fileURLToPath(
  new URL('../server/src/routes/themes.json', import.meta.url),
);

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(THEMES_JSON, `${JSON.stringify(themeFiles(), null, 2)}\n`);
  console.log(`wrote ${THEMES_JSON}`);
}
