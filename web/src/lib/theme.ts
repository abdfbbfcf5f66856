import {
  contrastRatio,
  ensureContrast,
  isDark,
  MIN_CONTRAST,
  mix,
  parseColor,
  shift,
  toHex,
  type Rgb,
} from './themeColors.ts';

/**
 * The theme engine (spec part 2, §2 Theme tab, §4 theme load, §5 contrast, §9 constants): theme
 * files in the shape Pleroma-FE users have, `{_pleroma_theme_version: 2, theme: <snapshot>,
 * source: {themeEngineVersion: 3, colors, opacity, radii, fonts, shadows}}`, and the CSS custom
 * properties a theme sets on <html> (the palette app/global.css declares).
 */

export const THEME_ENGINE_VERSION = 3;
export const THEME_FILE_VERSION = 2;
export const DEFAULT_THEME_NAME = 'pleroma-dark';

export const RADII_DEFAULTS = {
  btn: 4,
  input: 4,
  checkbox: 2,
  panel: 10,
  avatar: 5,
  avatarAlt: 50,
  tooltip: 2,
  attachment: 5,
} as const;
export type RadiusName = keyof typeof RADII_DEFAULTS;
export const RADIUS_NAMES = Object.keys(RADII_DEFAULTS) as RadiusName[];

export const OPACITY_DEFAULTS = {
  profileTint: 0.5,
  alert: 0.5,
  input: 0.5,
  faint: 0.5,
  underlay: 0.15,
  alertPopup: 0.95,
} as const;
export type OpacityName = keyof typeof OPACITY_DEFAULTS;
export const OPACITY_NAMES = Object.keys(OPACITY_DEFAULTS) as OpacityName[];

/** The Common tab's colours; every other colour derives from them unless overridden. */
export const BASE_COLORS = [
  'bg',
  'fg',
  'text',
  'link',
  'accent',
  'cRed',
  'cBlue',
  'cGreen',
  'cOrange',
] as const;
export type BaseColor = (typeof BASE_COLORS)[number];

/** The Advanced colors tab: per-component overrides. */
export const COMPONENT_COLORS = [
  'panel',
  'topBar',
  'faint',
  'border',
  'btn',
  'btnHover',
  'input',
  'accentHover',
  'accentText',
  'alertError',
  'alertErrorText',
  'errorText',
  'alertWarning',
  'alertSuccess',
  'focus',
] as const;
export type ComponentColor = (typeof COMPONENT_COLORS)[number];
export type ColorName = BaseColor | ComponentColor;

/** Colours shown as text: each is kept at least 4.5:1 against the backgrounds it sits on. */
export const TEXT_COLORS: readonly ColorName[] = [
  'text',
  'link',
  'faint',
  'accentText',
  'errorText',
  'alertErrorText',
];

export const FONT_NAMES = ['interface', 'input', 'post', 'monospace'] as const;
export type FontName = (typeof FONT_NAMES)[number];

export const SHADOW_NAMES = ['panel', 'popup', 'button', 'input'] as const;
export type ShadowName = (typeof SHADOW_NAMES)[number];

export interface Shadow {
  x: number;
  y: number;
  blur: number;
  spread: number;
  color: string;
  alpha: number;
  inset?: boolean;
}

export const SHADOW_DEFAULTS: Record<ShadowName, Shadow[]> = {
  panel: [],
  popup: [{ x: 0, y: 6, blur: 24, spread: 0, color: '#000000', alpha: 0.45 }],
  button: [],
  input: [],
};

export interface ThemeSource {
  themeEngineVersion: number;
  colors: Partial<Record<string, string>>;
  opacity?: Partial<Record<string, number>>;
  radii?: Partial<Record<string, number>>;
  fonts?: Partial<Record<string, { family: string }>>;
  shadows?: Partial<Record<string, Shadow[]>>;
}

/** A theme fully computed: every colour, radius, opacity, shadow and font. */
export interface ThemeSnapshot {
  colors: Record<ColorName, string>;
  radii: Record<RadiusName, number>;
  opacity: Record<OpacityName, number>;
  shadows: Record<ShadowName, Shadow[]>;
  fonts: Partial<Record<FontName, { family: string }>>;
}

export interface ThemeFile {
  _pleroma_theme_version: number;
  name?: string;
  theme?: ThemeSnapshot;
  source?: ThemeSource;
}

/** CSS custom property name -> value, as applied to <html> (and kept for the next start). */
export type ThemeProperties = Record<string, string>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value);

const finiteOr = (value: unknown, fallback: number) =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback;

/**
 * A colour of `colors`: a colour value, or `--name` naming another of them (Pleroma-FE writes
 * overrides so); unreadable values and loops count as unset.
 */
function readColor(colors: Partial<Record<string, string>>, name: string, seen = 0): Rgb | null {
  const value = colors[name];
  if (typeof value === 'string' && value.startsWith('--') && seen < 8)
    return readColor(colors, value.slice(2), seen + 1);
  return parseColor(value);
}

const DEFAULT_BASE: Record<BaseColor, string> = {
  bg: '#0f1923',
  fg: '#182430',
  text: '#dfe6ee',
  link: '#f5b942',
  accent: '#f5b942',
  cRed: '#c93c35',
  cBlue: '#7cc4ff',
  cGreen: '#3fb68b',
  cOrange: '#d9a33a',
};

function shadowValid(shadow: unknown): shadow is Shadow {
  return (
    isRecord(shadow) &&
    ['x', 'y', 'blur', 'spread', 'alpha'].every(
      (key) => typeof shadow[key] === 'number' && Number.isFinite(shadow[key]),
    ) &&
    parseColor(shadow.color) !== null
  );
}

/** Every colour of a source, its overrides applied and its text colours kept readable. */
export function computeColors(source: ThemeSource): Record<ColorName, string> {
  const colors = source.colors;
  const base = (name: BaseColor): Rgb =>
    readColor(colors, name) ?? (parseColor(DEFAULT_BASE[name]) as Rgb);
  const override = (name: ComponentColor, fallback: () => Rgb): Rgb =>
    readColor(colors, name) ?? fallback();
  const opacity = { ...OPACITY_DEFAULTS, ...(source.opacity ?? {}) };

  const bg = base('bg');
  const fg = base('fg');
  const dark = isDark(bg);
  const linkRaw = base('link');
  const accent = readColor(colors, 'accent') ?? linkRaw;
  const panel = override('panel', () => fg);
  const topBar = override('topBar', () => shift(fg, dark, 0.04));
  const btn = override('btn', () => shift(fg, dark, 0.08));
  const btnHover = override('btnHover', () => shift(btn, dark, 0.1));
  const input = override('input', () =>
    mix(fg, bg, finiteOr(opacity.input, OPACITY_DEFAULTS.input)),
  );
  const surfaces = [bg, panel, topBar, btn, input];
  const text = ensureContrast(base('text'), surfaces);
  const link = ensureContrast(linkRaw, [bg, panel, topBar]);
  const faint = ensureContrast(
    override('faint', () => mix(text, panel, 1 - finiteOr(opacity.faint, OPACITY_DEFAULTS.faint))),
    [bg, panel, topBar, input],
  );
  const border = override('border', () => mix(panel, text, 0.14));
  const accentHover = override('accentHover', () => shift(accent, true, 0.15));
  const blackOrWhite = (on: Rgb): Rgb =>
    contrastRatio({ r: 0, g: 0, b: 0 }, on) >= contrastRatio({ r: 255, g: 255, b: 255 }, on)
      ? { r: 20, g: 16, b: 8 }
      : { r: 255, g: 255, b: 255 };
  const accentText = ensureContrast(
    override('accentText', () => blackOrWhite(accent)),
    [accent, accentHover],
  );
  const alertError = override('alertError', () => base('cRed'));
  const alertErrorText = ensureContrast(
    override('alertErrorText', () => blackOrWhite(alertError)),
    [alertError],
  );
  const errorText = ensureContrast(
    override('errorText', () => base('cRed')),
    [bg, panel],
  );
  const out: Record<ColorName, Rgb> = {
    bg,
    fg,
    text,
    link,
    accent,
    cRed: base('cRed'),
    cBlue: base('cBlue'),
    cGreen: base('cGreen'),
    cOrange: base('cOrange'),
    panel,
    topBar,
    faint,
    border,
    btn,
    btnHover,
    input,
    accentHover,
    accentText,
    alertError,
    alertErrorText,
    errorText,
    alertWarning: override('alertWarning', () => base('cOrange')),
    alertSuccess: override('alertSuccess', () => base('cGreen')),
    focus: override('focus', () => ensureContrast(base('cBlue'), [bg, panel], 3)),
  };
  return Object.fromEntries(
    Object.entries(out).map(([name, color]) => [name, toHex(color)]),
  ) as Record<ColorName, string>;
}

/** The source computed to a full snapshot (defaults filled in, text colours adjusted). */
export function computeSnapshot(source: ThemeSource): ThemeSnapshot {
  const radii = { ...RADII_DEFAULTS } as Record<RadiusName, number>;
  for (const name of RADIUS_NAMES) radii[name] = finiteOr(source.radii?.[name], radii[name]);
  const opacity = { ...OPACITY_DEFAULTS } as Record<OpacityName, number>;
  for (const name of OPACITY_NAMES)
    opacity[name] = Math.min(1, Math.max(0, finiteOr(source.opacity?.[name], opacity[name])));
  const shadows = { ...SHADOW_DEFAULTS };
  for (const name of SHADOW_NAMES) {
    const list = source.shadows?.[name];
    if (Array.isArray(list)) shadows[name] = list.filter(shadowValid);
  }
  const fonts: ThemeSnapshot['fonts'] = {};
  for (const name of FONT_NAMES) {
    const family = source.fonts?.[name]?.family;
    if (typeof family === 'string' && family.trim()) fonts[name] = { family: family.trim() };
  }
  return { colors: computeColors(source), radii, opacity, shadows, fonts };
}

function rgba(color: string, alpha: number): string {
  const rgb = parseColor(color) ?? { r: 0, g: 0, b: 0 };
  return `rgb(${rgb.r} ${rgb.g} ${rgb.b} / ${Math.round(alpha * 100)}%)`;
}

export function shadowCss(shadows: readonly Shadow[]): string {
  if (shadows.length === 0) return 'none';
  return shadows
    .map(
      (s) =>
        `${s.inset ? 'inset ' : ''}${s.x}px ${s.y}px ${s.blur}px ${s.spread}px ${rgba(s.color, s.alpha)}`,
    )
    .join(', ');
}

/** A font family as CSS: names with spaces quoted unless the user quoted them. */
const fontCss = (family: string) =>
  family
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean)
    .map((name) => (/^["']|^[\w-]+$/.test(name) ? name : `"${name.replace(/"/g, '')}"`))
    .join(', ');

/** The custom properties app/global.css declares, from a snapshot. */
export function themeProperties(snapshot: ThemeSnapshot): ThemeProperties {
  const c = snapshot.colors;
  const bg = parseColor(c.bg) ?? { r: 0, g: 0, b: 0 };
  const dark = isDark(bg);
  const surfaces = [bg, parseColor(c.panel) ?? bg];
  const readable = (color: string) =>
    toHex(ensureContrast(parseColor(color) ?? { r: 128, g: 128, b: 128 }, surfaces));
  const properties: ThemeProperties = {
    '--bg': c.bg,
    '--panel': c.panel,
    '--panel-header': c.topBar,
    '--fg': c.text,
    '--muted': c.faint,
    '--link': c.link,
    '--border': c.border,
    '--accent': c.accent,
    '--accent-hover': c.accentHover,
    '--accent-fg': c.accentText,
    '--button': c.btn,
    '--button-hover': c.btnHover,
    '--input': c.input,
    '--danger': c.alertError,
    '--danger-text': c.errorText,
    '--danger-fg': c.alertErrorText,
    '--warning': c.alertWarning,
    '--success': c.alertSuccess,
    '--focus-ring': c.focus,
    '--backdrop': rgba(toHex(mix(bg, { r: 0, g: 0, b: 0 }, 0.6)), 0.7),
    '--shadow': shadowCss(snapshot.shadows.popup),
    '--shadow-panel': shadowCss(snapshot.shadows.panel),
    '--shadow-button': shadowCss(snapshot.shadows.button),
    '--shadow-input': shadowCss(snapshot.shadows.input),
    '--radius': `${snapshot.radii.panel}px`,
    '--radius-small': `${snapshot.radii.btn}px`,
    '--color-scheme': dark ? 'dark' : 'light',
    // Names some components read (with a dark fallback of their own).
    '--text-faint': c.faint,
    '--text-error': c.errorText,
    '--text-warning': readable(c.alertWarning),
    '--greentext': readable(c.cGreen),
    '--cyantext': readable(c.cBlue),
    '--input-bg': c.input,
    // Badges draw white numbers on it.
    '--badge': toHex(ensureContrast(parseColor(c.alertError) ?? bg, [{ r: 255, g: 255, b: 255 }])),
    '--alert-error-bg': rgba(c.alertError, snapshot.opacity.alert * 0.4),
  };
  for (const name of RADIUS_NAMES) properties[`--radius-${name}`] = `${snapshot.radii[name]}px`;
  for (const name of OPACITY_NAMES)
    properties[`--opacity-${name}`] = String(snapshot.opacity[name]);
  for (const name of FONT_NAMES) {
    const family = snapshot.fonts[name]?.family;
    if (family) properties[`--font-${name}`] = fontCss(family);
  }
  return properties;
}

/** A snapshot read as a source: its colours become overrides (so missing ones still derive). */
export function snapshotAsSource(snapshot: ThemeSnapshot): ThemeSource {
  return {
    themeEngineVersion: THEME_ENGINE_VERSION,
    colors: { ...snapshot.colors },
    radii: { ...snapshot.radii },
    opacity: { ...snapshot.opacity },
    shadows: { ...snapshot.shadows },
    fonts: { ...snapshot.fonts },
  };
}

export function themeFile(source: ThemeSource, name?: string): ThemeFile {
  return {
    _pleroma_theme_version: THEME_FILE_VERSION,
    ...(name ? { name } : {}),
    theme: computeSnapshot(source),
    source,
  };
}

// --- Reading theme files -----------------------------------------------------------------

export type ThemeFileError = 'not_json' | 'not_a_theme' | 'no_colors';

export type ThemeRead =
  | { ok: true; source: ThemeSource | null; snapshot: ThemeSnapshot | null }
  | { ok: false; error: ThemeFileError };

function readColors(value: unknown): Partial<Record<string, string>> | null {
  if (!isRecord(value)) return null;
  const colors: Record<string, string> = {};
  for (const [name, color] of Object.entries(value)) {
    if (typeof color === 'string' && (parseColor(color) || /^--\w+$/.test(color)))
      colors[name] = color;
  }
  return colors;
}

function readNumbers(value: unknown): Partial<Record<string, number>> {
  if (!isRecord(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter(
      ([, number]) => typeof number === 'number' && Number.isFinite(number),
    ),
  ) as Record<string, number>;
}

function readFonts(value: unknown): Partial<Record<string, { family: string }>> {
  if (!isRecord(value)) return {};
  const fonts: Record<string, { family: string }> = {};
  for (const [name, font] of Object.entries(value))
    if (isRecord(font) && typeof font.family === 'string') fonts[name] = { family: font.family };
  return fonts;
}

function readShadows(value: unknown): Partial<Record<string, Shadow[]>> {
  if (!isRecord(value)) return {};
  const shadows: Record<string, Shadow[]> = {};
  for (const [name, list] of Object.entries(value))
    if (Array.isArray(list)) shadows[name] = list.filter(shadowValid);
  return shadows;
}

const hasReadableBase = (colors: Partial<Record<string, string>>) =>
  readColor(colors, 'bg') !== null && readColor(colors, 'text') !== null;

/** A source as a theme file holds it, or null when it is not one (no readable bg and text). */
export function readSource(value: unknown): ThemeSource | null {
  if (!isRecord(value)) return null;
  const colors = readColors(value.colors);
  if (!colors || !hasReadableBase(colors)) return null;
  return {
    themeEngineVersion: finiteOr(value.themeEngineVersion, 0),
    colors,
    opacity: readNumbers(value.opacity),
    radii: readNumbers(value.radii),
    fonts: readFonts(value.fonts),
    shadows: readShadows(value.shadows),
  };
}

function readSnapshot(value: unknown): ThemeSnapshot | null {
  const source = readSource(value);
  return source ? computeSnapshotKeepingColors(source) : null;
}

/** A snapshot's own colours as given (missing ones derived), not adjusted again. */
function computeSnapshotKeepingColors(source: ThemeSource): ThemeSnapshot {
  const snapshot = computeSnapshot(source);
  for (const name of Object.keys(snapshot.colors) as ColorName[]) {
    const given = readColor(source.colors, name);
    if (given) snapshot.colors[name] = toHex(given);
  }
  return snapshot;
}

/**
 * Validates a theme file (spec part 2, §4): JSON holding a source (a v3 engine source) and/or a
 * computed snapshot, in `_pleroma_theme_version` 1 or 2. Anything else is refused, whole.
 */
export function readThemeFile(text: string): ThemeRead {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, error: 'not_json' };
  }
  return readThemeJson(json);
}

export function readThemeJson(json: unknown): ThemeRead {
  if (!isRecord(json)) return { ok: false, error: 'not_a_theme' };
  const version = json._pleroma_theme_version;
  if (version !== 1 && version !== 2) return { ok: false, error: 'not_a_theme' };
  const source = readSource(json.source);
  const snapshot = readSnapshot(json.theme);
  if (!source && !snapshot) return { ok: false, error: 'no_colors' };
  return { ok: true, source, snapshot };
}

/**
 * Which part of a file to take (spec part 2, §4): a v3 source when it computes to the file's
 * snapshot (or there is none); the snapshot when there is no usable source; the user's choice
 * when both are there and differ.
 */
export type ThemeChoice =
  | { kind: 'source'; source: ThemeSource }
  | { kind: 'snapshot'; source: ThemeSource }
  | { kind: 'ask'; source: ThemeSource; snapshot: ThemeSource };

export function snapshotsDiffer(a: ThemeSnapshot, b: ThemeSnapshot): boolean {
  const colorsDiffer = COMPONENT_COLORS.concat(BASE_COLORS as unknown as ComponentColor[]).some(
    (name) => a.colors[name].toLowerCase() !== b.colors[name].toLowerCase(),
  );
  return (
    colorsDiffer ||
    RADIUS_NAMES.some((name) => a.radii[name] !== b.radii[name]) ||
    OPACITY_NAMES.some((name) => a.opacity[name] !== b.opacity[name]) ||
    JSON.stringify(a.shadows) !== JSON.stringify(b.shadows) ||
    FONT_NAMES.some((name) => a.fonts[name]?.family !== b.fonts[name]?.family)
  );
}

export function chooseThemeVersion(read: {
  source: ThemeSource | null;
  snapshot: ThemeSnapshot | null;
}): ThemeChoice {
  const { source, snapshot } = read;
  const usableSource = source && source.themeEngineVersion === THEME_ENGINE_VERSION ? source : null;
  if (usableSource && !snapshot) return { kind: 'source', source: usableSource };
  if (!usableSource) {
    if (snapshot) return { kind: 'snapshot', source: snapshotAsSource(snapshot) };
    // An older engine's source with no snapshot: its colours are still the best we have.
    return {
      kind: 'source',
      source: { ...(source as ThemeSource), themeEngineVersion: THEME_ENGINE_VERSION },
    };
  }
  const computed = computeSnapshot(usableSource);
  if (!snapshotsDiffer(computed, snapshot as ThemeSnapshot))
    return { kind: 'source', source: usableSource };
  return {
    kind: 'ask',
    source: usableSource,
    snapshot: snapshotAsSource(snapshot as ThemeSnapshot),
  };
}

// --- /static/styles.json ------------------------------------------------------------------

/** A theme on the instance's list: a file to fetch, or colours given in the list itself. */
export type StyleEntry =
  | { name: string; kind: 'file'; url: string }
  | { name: string; kind: 'inline'; source: ThemeSource };

/**
 * The instance's /static/styles.json: name -> theme file path, or (older Pleroma) an array
 * `[title, bg, fg, text, link, cRed, cGreen, cBlue, cOrange]`. Entries of any other shape are
 * left out with a console warning.
 */
export function readStylesList(json: unknown): StyleEntry[] {
  if (!isRecord(json)) return [];
  const entries: StyleEntry[] = [];
  for (const [name, value] of Object.entries(json)) {
    if (typeof value === 'string' && value.trim()) {
      entries.push({ name, kind: 'file', url: value });
      continue;
    }
    if (Array.isArray(value)) {
      const [, bg, fg, text, link, cRed, cGreen, cBlue, cOrange] = value as unknown[];
      const colors: Record<string, string> = {};
      const given = { bg, fg, text, link, cRed, cGreen, cBlue, cOrange };
      for (const [key, color] of Object.entries(given))
        if (parseColor(color)) colors[key] = color as string;
      if (colors.bg && colors.text) {
        entries.push({
          name,
          kind: 'inline',
          source: { themeEngineVersion: THEME_ENGINE_VERSION, colors },
        });
        continue;
      }
    }
    console.warn(
      `styles.json: the theme ${JSON.stringify(name)} is in a shape Starling cannot read`,
    );
  }
  return entries;
}

/** The source a file from the instance's list stands for (its source, else its snapshot). */
export function sourceOfListedTheme(json: unknown): ThemeSource | null {
  const read = readThemeJson(json);
  if (!read.ok) return null;
  const choice = chooseThemeVersion(read);
  return choice.kind === 'ask' ? choice.source : choice.source;
}

// --- Layout widths (spec part 2, §9) ------------------------------------------------------

export const DEFAULT_COLUMN_WIDTHS = {
  sidebarColumnWidth: '25rem',
  contentColumnWidth: '45rem',
  notifsColumnWidth: '25rem',
} as const;

const WIDTH = /^\d{1,4}(\.\d{1,3})?(rem|em|px)$/;
export const isColumnWidth = (value: unknown): value is string =>
  typeof value === 'string' && WIDTH.test(value.trim());

export function widthProperties(widths: {
  sidebarColumnWidth: string;
  contentColumnWidth: string;
  notifsColumnWidth: string;
}): ThemeProperties {
  const pick = (value: string, fallback: string) =>
    isColumnWidth(value) ? value.trim() : fallback;
  return {
    '--sidebar-width': pick(widths.sidebarColumnWidth, DEFAULT_COLUMN_WIDTHS.sidebarColumnWidth),
    '--content-width': pick(widths.contentColumnWidth, DEFAULT_COLUMN_WIDTHS.contentColumnWidth),
    '--third-column-width': pick(widths.notifsColumnWidth, DEFAULT_COLUMN_WIDTHS.notifsColumnWidth),
  };
}

export { MIN_CONTRAST };
