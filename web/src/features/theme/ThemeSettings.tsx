import '../../i18n/parts/settings.ts';
import '../../i18n/parts/theme.ts';
import { useEffect, useId, useMemo, useState, type ChangeEvent } from 'react';
import { t } from '../../i18n/index.ts';
import {
  BASE_COLORS,
  chooseThemeVersion,
  COMPONENT_COLORS,
  computeSnapshot,
  FONT_NAMES,
  isColumnWidth,
  RADIUS_NAMES,
  readThemeFile,
  SHADOW_DEFAULTS,
  SHADOW_NAMES,
  themeFile,
  themeProperties,
  type ColorName,
  type Shadow,
  type ShadowName,
  type StyleEntry,
  type ThemeFileError,
  type ThemeSnapshot,
  type ThemeSource,
} from '../../lib/theme.ts';
import { contrastRatio, parseColor, toHex } from '../../lib/themeColors.ts';
import { usePreferences, type Preferences } from '../../state/preferences.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { Checkbox, FilePicker, Select, TextField } from '../../ui/FormControls.tsx';
import { Tabs } from '../../ui/Tabs.tsx';
import settingsStyles from '../settings/Settings.module.css';
import { loadListedTheme, loadStylesList, startThemes, themeName } from './themeRuntime.ts';
import styles from './ThemeSettings.module.css';

const CUSTOM = '';
const SUB_TABS = ['common', 'advanced', 'roundness', 'shadows', 'fonts'] as const;
type SubTab = (typeof SUB_TABS)[number];

/** Which background each text colour is read on, for the ratio shown beside it. */
const TEXT_BACKGROUND: Partial<Record<ColorName, ColorName>> = {
  text: 'panel',
  link: 'panel',
  faint: 'panel',
  errorText: 'panel',
  accentText: 'accent',
  alertErrorText: 'alertError',
};

const ratio = (a: string, b: string) => {
  const x = parseColor(a);
  const y = parseColor(b);
  return x && y ? contrastRatio(x, y) : 0;
};
const formatRatio = (value: number) => (Math.floor(value * 100) / 100).toFixed(2);

interface ColorFieldProps {
  name: ColorName;
  value: string;
  snapshot: ThemeSnapshot;
  overridable: boolean;
  onChange(value: string | null): void;
}

/** One colour: a colour picker and a text field, with the contrast of a text colour beside it. */
function ColorField({ name, value, snapshot, overridable, onChange }: ColorFieldProps) {
  const id = useId();
  const [text, setText] = useState(value);
  const [given0, setGiven0] = useState(value);
  // A new value from outside (a theme picked, a colour cleared) replaces what was typed.
  if (given0 !== value) {
    setGiven0(value);
    setText(value);
  }
  const background = TEXT_BACKGROUND[name];
  const shown = snapshot.colors[name];
  const given = background ? ratio(value, snapshot.colors[background]) : 0;
  const adjusted = background ? ratio(shown, snapshot.colors[background]) : 0;
  const label = t(`theme.colors.${name}`);
  return (
    <div className={styles.color}>
      <label htmlFor={`${id}-text`} className={styles.colorLabel}>
        {label}
      </label>
      <input
        type="color"
        className={styles.swatch}
        aria-label={t('theme.color_picker', label)}
        value={toHex(parseColor(value) ?? parseColor(shown) ?? { r: 0, g: 0, b: 0 })}
        onChange={(event) => onChange(event.target.value)}
      />
      <TextField
        id={`${id}-text`}
        className={styles.hex}
        value={text}
        spellCheck={false}
        aria-describedby={background ? `${id}-ratio` : undefined}
        onChange={(event) => {
          setText(event.target.value);
          if (parseColor(event.target.value)) onChange(event.target.value.trim());
        }}
      />
      {overridable ? (
        <Button compact variant="ghost" onClick={() => onChange(null)}>
          {t('theme.clear')}
        </Button>
      ) : null}
      {background ? (
        <span id={`${id}-ratio`} className={styles.ratio}>
          {shown.toLowerCase() !== toHex(parseColor(value) ?? { r: 0, g: 0, b: 0 })
            ? t('theme.contrast_adjusted', formatRatio(given), shown, formatRatio(adjusted))
            : t('theme.contrast', formatRatio(given))}
        </span>
      ) : null}
    </div>
  );
}

function ShadowEditor({
  name,
  shadows,
  onChange,
}: {
  name: ShadowName;
  shadows: Shadow[];
  onChange(shadows: Shadow[]): void;
}) {
  const set = (index: number, patch: Partial<Shadow>) =>
    onChange(shadows.map((shadow, i) => (i === index ? { ...shadow, ...patch } : shadow)));
  const numberField = (index: number, key: 'x' | 'y' | 'blur' | 'spread', label: string) => (
    <label className={styles.field}>
      {label}
      <TextField
        type="number"
        className={settingsStyles.number}
        value={shadows[index]?.[key] ?? 0}
        onChange={(event) => set(index, { [key]: Number(event.target.value) || 0 })}
      />
    </label>
  );
  return (
    <fieldset className={settingsStyles.group}>
      <legend>{t(`theme.shadows.${name}`)}</legend>
      {shadows.length === 0 ? (
        <p className={settingsStyles.hint}>{t('theme.shadow_none')}</p>
      ) : null}
      {shadows.map((shadow, index) => (
        <fieldset key={index} className={styles.shadow}>
          <legend>{t('theme.shadow_n', index + 1)}</legend>
          {numberField(index, 'x', t('theme.shadow_x'))}
          {numberField(index, 'y', t('theme.shadow_y'))}
          {numberField(index, 'blur', t('theme.shadow_blur'))}
          {numberField(index, 'spread', t('theme.shadow_spread'))}
          <label className={styles.field}>
            {t('theme.shadow_color')}
            <input
              type="color"
              value={toHex(parseColor(shadow.color) ?? { r: 0, g: 0, b: 0 })}
              onChange={(event) => set(index, { color: event.target.value })}
            />
          </label>
          <label className={styles.field}>
            {t('theme.shadow_alpha')}
            <input
              type="range"
              min={0}
              max={1}
              step={0.05}
              value={shadow.alpha}
              onChange={(event) => set(index, { alpha: Number(event.target.value) })}
            />
          </label>
          <Checkbox
            label={t('theme.shadow_inset')}
            checked={!!shadow.inset}
            onChange={(event) => set(index, { inset: event.target.checked })}
          />
          <Button compact onClick={() => onChange(shadows.filter((_, i) => i !== index))}>
            {t('theme.shadow_remove', index + 1)}
          </Button>
        </fieldset>
      ))}
      <Button
        compact
        onClick={() =>
          onChange([...shadows, { x: 0, y: 2, blur: 6, spread: 0, color: '#000000', alpha: 0.4 }])
        }
      >
        {t('theme.shadow_add')}
      </Button>
    </fieldset>
  );
}

const WIDTH_KEYS = ['sidebarColumnWidth', 'contentColumnWidth', 'notifsColumnWidth'] as const;

function WidthField({ name }: { name: (typeof WIDTH_KEYS)[number] }) {
  const id = useId();
  const value = usePreferences((state) => state[name]);
  const setPreference = usePreferences((state) => state.setPreference);
  const [text, setText] = useState(value);
  const invalid = !isColumnWidth(text);
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{t(`theme.${name}`)}</label>
      <TextField
        id={id}
        className={settingsStyles.number}
        value={text}
        aria-invalid={invalid}
        aria-describedby={invalid ? `${id}-error` : undefined}
        onChange={(event) => {
          setText(event.target.value);
          if (isColumnWidth(event.target.value)) setPreference(name, event.target.value.trim());
        }}
      />
      {invalid ? (
        <span id={`${id}-error`} className={settingsStyles.error}>
          {t('theme.width_error')}
        </span>
      ) : null}
    </div>
  );
}

/** The preview: a post-like sample drawn with the candidate theme's own custom properties. */
function Preview({ snapshot }: { snapshot: ThemeSnapshot }) {
  const properties = useMemo(() => themeProperties(snapshot), [snapshot]);
  return (
    <section
      className={styles.preview}
      style={properties as React.CSSProperties}
      aria-label={t('theme.preview')}
      data-testid="theme-preview"
    >
      <div className={styles.previewHeader}>{t('theme.preview')}</div>
      <article className={styles.previewPost}>
        <span className={styles.previewAvatar} aria-hidden="true" />
        <div>
          <strong>{t('theme.preview_name')}</strong>{' '}
          <span className={styles.previewFaint}>{t('theme.preview_faint')}</span>
          <p className={styles.previewText}>
            {t('theme.preview_text')}{' '}
            <a href="#theme-preview" onClick={(event) => event.preventDefault()}>
              {t('theme.preview_link')}
            </a>
          </p>
          <TextField
            aria-label={t('theme.preview_field')}
            placeholder={t('theme.preview_field')}
            className={styles.previewInput}
          />
          <div className={settingsStyles.actions}>
            <Button variant="primary">{t('theme.preview_primary')}</Button>
            <Button>{t('theme.preview_secondary')}</Button>
          </div>
        </div>
      </article>
    </section>
  );
}

interface Loaded {
  /** The list theme the draft started from; CUSTOM for the user's own. */
  name: string;
  source: ThemeSource;
}

/** Theme: pick a theme of the instance, tune it, import or export it (spec part 2, §2). */
export function ThemeSettings() {
  const preferences = usePreferences();
  const setPreference = usePreferences((state) => state.setPreference);
  const [list, setList] = useState<StyleEntry[] | null>(null);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [draft, setDraft] = useState<ThemeSource | null>(null);
  const [tab, setTab] = useState<SubTab>('common');
  const [notice, setNotice] = useState<string | null>(null);
  const [importError, setImportError] = useState<ThemeFileError | null>(null);
  const [question, setQuestion] = useState<{ source: ThemeSource; snapshot: ThemeSource } | null>(
    null,
  );
  const importId = useId();
  const selectId = useId();

  const take = (name: string, source: ThemeSource) => {
    setLoaded({ name, source });
    setDraft(source);
  };

  useEffect(() => {
    let live = true;
    void loadStylesList().then(async (entries) => {
      if (!live) return;
      setList(entries);
      const own = preferences.customTheme;
      if (own && typeof own === 'object') {
        const read = readThemeFile(JSON.stringify({ _pleroma_theme_version: 2, source: own }));
        if (read.ok && read.source) return take(CUSTOM, read.source);
      }
      const name = themeName(preferences);
      const entry = entries.find((item) => item.name === name) ?? entries[0];
      if (!entry) return;
      const source = await loadListedTheme(entry);
      if (live && source) take(entry.name, source);
    });
    return () => {
      live = false;
    };
    // Loaded once when the tab opens; later changes come from this tab itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const snapshot = useMemo(() => (draft ? computeSnapshot(draft) : null), [draft]);

  const pick = async (name: string) => {
    setNotice(null);
    const entry = list?.find((item) => item.name === name);
    if (!entry) return;
    const source = await loadListedTheme(entry);
    if (source) take(entry.name, source);
  };

  const edit = (change: (source: ThemeSource) => ThemeSource) => {
    setNotice(null);
    setDraft((current) => (current ? change(current) : current));
  };
  const setColor = (name: ColorName, value: string | null) =>
    edit((source) => {
      const colors = { ...source.colors };
      if (value === null) delete colors[name];
      else colors[name] = value;
      return { ...source, colors };
    });

  const apply = () => {
    if (!draft || !loaded) return;
    const unchanged =
      loaded.name !== CUSTOM && JSON.stringify(draft) === JSON.stringify(loaded.source);
    if (unchanged) {
      setPreference('theme', loaded.name);
      setPreference('customTheme', null);
    } else {
      setPreference('customTheme', draft as unknown as Preferences['customTheme']);
    }
    startThemes();
    setNotice(t('theme.applied'));
  };

  const exportFile = () => {
    if (!draft) return;
    const name = loaded?.name || 'custom';
    const blob = new Blob([`${JSON.stringify(themeFile(draft, name), null, 2)}\n`], {
      type: 'application/json',
    });
    const link = document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = `${name}.theme.json`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  };

  const importFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setNotice(null);
    const read = readThemeFile(await file.text());
    if (!read.ok) {
      setImportError(read.error);
      return;
    }
    setImportError(null);
    const choice = chooseThemeVersion(read);
    if (choice.kind === 'ask') setQuestion({ source: choice.source, snapshot: choice.snapshot });
    else imported(choice.source);
  };
  const imported = (source: ThemeSource) => {
    setQuestion(null);
    setLoaded({ name: CUSTOM, source });
    setDraft(source);
    setNotice(t('theme.imported'));
  };

  if (list === null) return <p>{t('theme.loading')}</p>;

  return (
    <div className={settingsStyles.page}>
      <fieldset className={settingsStyles.group}>
        <legend>{t('theme.widths')}</legend>
        <p className={settingsStyles.hint}>{t('theme.width_hint')}</p>
        <div className={settingsStyles.row}>
          {WIDTH_KEYS.map((name) => (
            <WidthField key={name} name={name} />
          ))}
        </div>
      </fieldset>
      {list.length === 0 ? <p>{t('theme.none')}</p> : null}
      <div className={settingsStyles.row}>
        <label htmlFor={selectId}>{t('theme.choose')}</label>
        <Select
          id={selectId}
          value={loaded?.name ?? CUSTOM}
          onChange={(event) => void pick(event.target.value)}
        >
          {loaded?.name === CUSTOM ? <option value={CUSTOM}>{t('theme.custom')}</option> : null}
          {list.map((entry) => (
            <option key={entry.name} value={entry.name}>
              {entry.name}
            </option>
          ))}
        </Select>
      </div>
      {draft && snapshot ? (
        <>
          <Preview snapshot={snapshot} />
          <Tabs<SubTab>
            tabs={SUB_TABS.map((id) => ({ id, label: t(`theme.tabs.${id}`) }))}
            active={tab}
            onSelect={setTab}
            label={t('settings.tabs.theme')}
          >
            <div className={styles.panel}>
              {tab === 'common'
                ? BASE_COLORS.map((name) => (
                    <ColorField
                      key={name}
                      name={name}
                      value={draft.colors[name] ?? snapshot.colors[name]}
                      snapshot={snapshot}
                      overridable={false}
                      onChange={(value) => setColor(name, value)}
                    />
                  ))
                : null}
              {tab === 'advanced' ? (
                <>
                  <p className={settingsStyles.hint}>{t('theme.derived')}</p>
                  {COMPONENT_COLORS.map((name) => (
                    <ColorField
                      key={name}
                      name={name}
                      value={draft.colors[name] ?? snapshot.colors[name]}
                      snapshot={snapshot}
                      overridable={!!draft.colors[name]}
                      onChange={(value) => setColor(name, value)}
                    />
                  ))}
                </>
              ) : null}
              {tab === 'roundness'
                ? RADIUS_NAMES.map((name) => (
                    <div key={name} className={styles.color}>
                      <label className={styles.colorLabel} htmlFor={`${selectId}-radius-${name}`}>
                        {t(`theme.radii.${name}`)}
                      </label>
                      <input
                        type="range"
                        min={0}
                        max={50}
                        aria-label={t('theme.radius_range', t(`theme.radii.${name}`))}
                        value={snapshot.radii[name]}
                        onChange={(event) =>
                          edit((source) => ({
                            ...source,
                            radii: { ...source.radii, [name]: Number(event.target.value) },
                          }))
                        }
                      />
                      <TextField
                        id={`${selectId}-radius-${name}`}
                        type="number"
                        min={0}
                        max={999}
                        className={settingsStyles.number}
                        value={snapshot.radii[name]}
                        onChange={(event) =>
                          edit((source) => ({
                            ...source,
                            radii: {
                              ...source.radii,
                              [name]: Math.max(0, Number(event.target.value) || 0),
                            },
                          }))
                        }
                      />
                    </div>
                  ))
                : null}
              {tab === 'shadows'
                ? SHADOW_NAMES.map((name) => (
                    <ShadowEditor
                      key={name}
                      name={name}
                      shadows={draft.shadows?.[name] ?? SHADOW_DEFAULTS[name]}
                      onChange={(shadows) =>
                        edit((source) => ({
                          ...source,
                          shadows: { ...source.shadows, [name]: shadows },
                        }))
                      }
                    />
                  ))
                : null}
              {tab === 'fonts' ? (
                <>
                  <p className={settingsStyles.hint} id={`${selectId}-font-hint`}>
                    {t('theme.font_hint')}
                  </p>
                  {FONT_NAMES.map((name) => (
                    <div key={name} className={styles.color}>
                      <label className={styles.colorLabel} htmlFor={`${selectId}-font-${name}`}>
                        {t(`theme.fonts.${name}`)}
                      </label>
                      <TextField
                        id={`${selectId}-font-${name}`}
                        className={settingsStyles.grow}
                        aria-describedby={`${selectId}-font-hint`}
                        value={draft.fonts?.[name]?.family ?? ''}
                        onChange={(event) =>
                          edit((source) => ({
                            ...source,
                            fonts: { ...source.fonts, [name]: { family: event.target.value } },
                          }))
                        }
                      />
                    </div>
                  ))}
                </>
              ) : null}
            </div>
          </Tabs>
        </>
      ) : null}
      <div className={settingsStyles.actions}>
        <Button variant="primary" onClick={apply} disabled={!draft}>
          {t('theme.apply')}
        </Button>
        <Button onClick={() => loaded && setDraft(loaded.source)} disabled={!draft}>
          {t('theme.reset')}
        </Button>
        <Button onClick={exportFile} disabled={!draft}>
          {t('theme.export')}
        </Button>
      </div>
      <div className={settingsStyles.column}>
        <label htmlFor={importId}>{t('theme.import')}</label>
        <FilePicker
          id={importId}
          accept=".json,application/json"
          buttonText={t('theme.import_button')}
          noneText={t('theme.import_none')}
          aria-invalid={importError ? true : undefined}
          aria-describedby={importError ? `${importId}-error` : undefined}
          onChange={(event) => void importFile(event)}
        />
        {importError ? (
          <p id={`${importId}-error`} role="alert" className={settingsStyles.error}>
            {t(`theme.import_error.${importError}`)}
          </p>
        ) : null}
      </div>
      <p role="status" className={settingsStyles.saved}>
        {notice}
      </p>
      {question ? (
        <Dialog
          title={t('theme.ask_title')}
          onClose={() => setQuestion(null)}
          size="small"
          role="alertdialog"
        >
          <p>{t('theme.ask_text')}</p>
          <div className={settingsStyles.actions}>
            <Button onClick={() => imported(question.snapshot)}>{t('theme.ask_old')}</Button>
            <Button variant="primary" onClick={() => imported(question.source)}>
              {t('theme.ask_new')}
            </Button>
          </div>
        </Dialog>
      ) : null}
    </div>
  );
}

export default ThemeSettings;
