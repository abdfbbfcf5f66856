import { styles as fetchStyles } from '../../api/instance.ts';
import { api } from '../../app/apiClient.ts';
import {
  computeSnapshot,
  DEFAULT_THEME_NAME,
  readSource,
  readStylesList,
  sourceOfListedTheme,
  themeProperties,
  widthProperties,
  type StyleEntry,
  type ThemeProperties,
  type ThemeSource,
} from '../../lib/theme.ts';
import { readStored, writeStored } from '../../state/storage.ts';
import { useInstance, whenInstanceLoaded } from '../../state/instance.ts';
import { usePreferences, type Preferences } from '../../state/preferences.ts';
import { THEME_STORAGE_KEY } from '../../boot/starter.ts';

/**
 * Applies the chosen theme and column widths to <html> as custom properties, and keeps them in
 * localStorage, where the inline starter (boot/starter.ts) applies them before the next first
 * paint. Loaded after the first paint; the palette of app/global.css holds until then.
 */

interface SavedTheme {
  /** The theme name the properties were computed for, or 'custom'. */
  key: string;
  theme: ThemeProperties;
  /** Theme and widths: what the starter applies. */
  properties: ThemeProperties;
}

let applied: string[] = [];

/** Sets `properties` on <html>, removing the ones a previous call set and this one does not. */
export function applyProperties(properties: ThemeProperties): void {
  const style = document.documentElement.style;
  for (const name of applied) if (!(name in properties)) style.removeProperty(name);
  for (const [name, value] of Object.entries(properties)) style.setProperty(name, value);
  applied = Object.keys(properties);
  syncThemeColor();
}

/**
 * The browser's and the installed app's title bar (<meta name="theme-color">, index.html) takes
 * the current theme's header colour.
 */
function syncThemeColor(): void {
  const colour = getComputedStyle(document.documentElement).getPropertyValue('--panel-header');
  const meta = document.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
  if (meta && colour.trim()) meta.content = colour.trim();
}

let stylesList: Promise<StyleEntry[]> | null = null;

/**
 * The instance's themes: the /static/styles.json start-up fetched (only from a server that says it
 * is Pleroma-like; Mastodon-API servers have no such file, so none is asked for), or, for the
 * Theme tab opened before start-up settled, fetched here. None: a console error, and the built-in
 * palette stays.
 */
export function loadStylesList(): Promise<StyleEntry[]> {
  stylesList ??= whenInstanceLoaded().then(async () => {
    const { config, loaded } = useInstance.getState();
    let json: unknown = config.styles;
    if (Object.keys(config.styles).length === 0) {
      const pleromaLike = config.serverFlavour === 'pleroma' || config.serverFlavour === 'akkoma';
      if (loaded && !pleromaLike) return [];
      json = loaded ? null : await fetchStyles(api).catch(() => null);
    }
    const list = json ? readStylesList(json) : [];
    if (list.length === 0) console.error('No theme: /static/styles.json could not be loaded');
    return list;
  });
  return stylesList;
}

const listedSources = new Map<string, Promise<ThemeSource | null>>();

/** The source of one theme on the instance's list, or null (logged) when it cannot be read. */
export function loadListedTheme(entry: StyleEntry): Promise<ThemeSource | null> {
  if (entry.kind === 'inline') return Promise.resolve(entry.source);
  let pending = listedSources.get(entry.url);
  if (!pending) {
    pending = api.get(entry.url, { anonymous: true }).then(
      (response) => {
        const source = sourceOfListedTheme(response.data);
        if (!source) console.warn(`The theme file ${entry.url} is not a theme Starling can read`);
        return source;
      },
      (error: unknown) => {
        listedSources.delete(entry.url);
        console.warn(`The theme file ${entry.url} could not be loaded`, error);
        return null;
      },
    );
    listedSources.set(entry.url, pending);
  }
  return pending;
}

/** The theme name in use: the user's, else the instance's default, else pleroma-dark. */
export function themeName(preferences: Pick<Preferences, 'theme'>): string {
  return preferences.theme || useInstance.getState().config.theme || DEFAULT_THEME_NAME;
}

export async function sourceForName(name: string): Promise<ThemeSource | null> {
  const list = await loadStylesList();
  if (list.length === 0) return null;
  const entry = list.find((item) => item.name === name) ?? list[0];
  return entry ? loadListedTheme(entry) : null;
}

const saved = (): SavedTheme | null => {
  const value = readStored<SavedTheme>(THEME_STORAGE_KEY);
  return value && typeof value.key === 'string' && value.theme && typeof value.theme === 'object'
    ? value
    : null;
};

let generation = 0;

/** Works out and applies the theme and widths `preferences` ask for. */
export async function applyPreferencesTheme(preferences: Preferences): Promise<void> {
  const run = ++generation;
  const widths = widthProperties(preferences);
  const custom = readSource(preferences.customTheme);
  let key: string;
  let theme: ThemeProperties | null;
  if (custom) {
    key = 'custom';
    theme = themeProperties(computeSnapshot(custom));
  } else {
    key = themeName(preferences);
    const kept = saved();
    if (kept && kept.key === key) theme = kept.theme;
    else {
      applyProperties({ ...(kept?.theme ?? {}), ...widths });
      const source = await sourceForName(key);
      if (run !== generation) return;
      theme = source ? themeProperties(computeSnapshot(source)) : null;
    }
  }
  // No theme at all: the built-in palette stays (the error is logged where the load failed).
  const properties = { ...(theme ?? {}), ...widths };
  applyProperties(properties);
  writeStored(
    THEME_STORAGE_KEY,
    theme ? { key, theme, properties } : { key: '', theme: {}, properties },
  );
}

const THEME_KEYS = [
  'theme',
  'customTheme',
  'sidebarColumnWidth',
  'contentColumnWidth',
  'notifsColumnWidth',
] as const;

let started = false;

/** Applies the theme now and whenever the preferences (or the instance's default) change. */
export function startThemes(): void {
  if (started) return;
  started = true;
  void applyPreferencesTheme(usePreferences.getState());
  usePreferences.subscribe((state, previous) => {
    if (THEME_KEYS.some((key) => state[key] !== previous[key])) void applyPreferencesTheme(state);
  });
  useInstance.subscribe((state, previous) => {
    if (state.config.theme !== previous.config.theme && !usePreferences.getState().theme)
      void applyPreferencesTheme(usePreferences.getState());
  });
}
