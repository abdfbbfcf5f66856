import { create } from 'zustand';
import type { ThirdColumnMode } from '../lib/layout.ts';
import { readStored, writeStored } from './storage.ts';

/**
 * Preferences kept in this browser only. Confirmation dialogs for block, delete and logout are on
 * by default (spec part 1, §9).
 */
export interface Preferences {
  modalOnBlock: boolean;
  modalOnDelete: boolean;
  modalOnLogout: boolean;
  /** null: follow the instance's configuration. */
  sidebarRight: boolean | null;
  /** Spec part 1, §2: the third column shows notifications by default. */
  thirdColumnMode: ThirdColumnMode;
  autohideFloatingPostButton: boolean;
  /** The timeline route the user was last on; logout sets it to public (spec part 1, §4). */
  lastTimeline: string;
}

/** Kept for readers of the first name of this type. */
export type LocalPreferences = Preferences;

export const DEFAULT_PREFERENCES: Preferences = {
  modalOnBlock: true,
  modalOnDelete: true,
  modalOnLogout: true,
  sidebarRight: null,
  thirdColumnMode: 'notifications',
  autohideFloatingPostButton: false,
  lastTimeline: 'public-timeline',
};

export const PREFERENCES_STORAGE_KEY = 'starling:preferences';

const THIRD_COLUMN_MODES: readonly unknown[] = ['notifications', 'postform', 'none'];
const isBoolean = (value: unknown) => typeof value === 'boolean';

/** What a stored value must look like; anything else falls back to the default. */
const VALID: { [K in keyof Preferences]: (value: unknown) => boolean } = {
  modalOnBlock: isBoolean,
  modalOnDelete: isBoolean,
  modalOnLogout: isBoolean,
  sidebarRight: (value) => value === null || isBoolean(value),
  thirdColumnMode: (value) => THIRD_COLUMN_MODES.includes(value),
  autohideFloatingPostButton: isBoolean,
  lastTimeline: (value) => typeof value === 'string' && value !== '',
};

const KEYS = Object.keys(DEFAULT_PREFERENCES) as (keyof Preferences)[];

function stored(): Partial<Preferences> {
  const raw = readStored<Record<string, unknown>>(PREFERENCES_STORAGE_KEY);
  if (!raw || typeof raw !== 'object') return {};
  const out: Record<string, unknown> = {};
  for (const key of KEYS) if (key in raw && VALID[key](raw[key])) out[key] = raw[key];
  return out as Partial<Preferences>;
}

function snapshot(state: Preferences): Preferences {
  const out: Record<string, unknown> = {};
  for (const key of KEYS) out[key] = state[key];
  return out as unknown as Preferences;
}

interface PreferencesState extends Preferences {
  setPreference<K extends keyof Preferences>(key: K, value: Preferences[K]): void;
  resetPreferences(): void;
}

export const usePreferences = create<PreferencesState>()((set, get) => ({
  ...DEFAULT_PREFERENCES,
  ...stored(),
  setPreference: (key, value) => {
    set({ [key]: value } as Partial<Preferences>);
    writeStored(PREFERENCES_STORAGE_KEY, snapshot(get()));
  },
  resetPreferences: () => {
    set(DEFAULT_PREFERENCES);
    writeStored(PREFERENCES_STORAGE_KEY, DEFAULT_PREFERENCES);
  },
}));
