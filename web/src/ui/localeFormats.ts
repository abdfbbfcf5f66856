import { useSyncExternalStore } from 'react';
import { interfaceLocale } from '../i18n/index.ts';
import type { TimeUnit } from '../lib/polls.ts';

/**
 * Locale-aware formatting through Intl starts ICU on its first use, which costs a cold page about
 * 25 ms of main thread (100 ms with the CPU slowed 4x): a tenth of the first-paint budget. So the
 * text that needs it (full dates in time stamps' titles, poll deadlines) is rendered once the
 * first screen has been painted: boot calls `enableLocaleFormats()` then, and every component
 * reading `useLocaleFormats()` renders again with it.
 */
let enabled = false;
const listeners = new Set<() => void>();

export function enableLocaleFormats(): void {
  if (enabled) return;
  enabled = true;
  for (const notify of listeners) notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const isEnabled = () => enabled;

/** Whether Intl formatting may be used yet (see above). */
export function useLocaleFormats(): boolean {
  return useSyncExternalStore(subscribe, isEnabled, isEnabled);
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** A date format in the language on screen, made once per language and options. */
export function dateFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const locale = interfaceLocale();
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    dateFormats.set(key, format);
  }
  return format;
}

const FULL: Intl.DateTimeFormatOptions = { dateStyle: 'full', timeStyle: 'short' };
/**
 * Formatted time stamps by their ISO text: a card renders again and again (the clock, a
 * relationship arriving, scrolling back), and a full date costs the most of all it draws.
 */
const absoluteTimes = new Map<string, string>();
const ABSOLUTE_TIMES_KEPT = 1000;

/** A full date and time in the reader's locale ("Monday, 23 November 2026 at 12:15"). */
export function absoluteTime(iso: string): string {
  const key = `${interfaceLocale()} ${iso}`;
  const known = absoluteTimes.get(key);
  if (known !== undefined) return known;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const text = dateFormat(FULL).format(date);
  if (absoluteTimes.size >= ABSOLUTE_TIMES_KEPT) absoluteTimes.clear();
  absoluteTimes.set(key, text);
  return text;
}

/** A span of time in words, in the interface language ("5 minutes", "1 day"). */
export function timeSpan(value: number, unit: TimeUnit): string {
  return new Intl.NumberFormat(interfaceLocale(), {
    style: 'unit',
    unit,
    unitDisplay: 'long',
  }).format(value);
}
