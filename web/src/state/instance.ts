import { create } from 'zustand';
import type { FederationPolicy } from '../api/federationPolicy.ts';
import type { StickerPackContents, StickerPackRef } from '../api/instance.ts';
import type { FieldsLimits, PollLimits, ServerFlavour } from '../api/types.ts';
import type { DirectMessagesSource } from '../api/timelines.ts';
import type { ReactionsApi } from '../lib/serverFeatures.ts';
import {
  DEFAULT_MAX_MEDIA_ATTACHMENTS,
  DEFAULT_MAX_STATUS_CHARS,
} from '../api/schemas/instanceDefaults.ts';
import { DEFAULT_POLL_LIMITS } from '../lib/pollLimits.ts';

/**
 * What the client knows about the instance: the merge of /static/config.json, the
 * pleroma_fe frontend configuration, /api/v1/instance and nodeinfo (spec part 1, §3 and §7).
 * The boot loader (app/boot) fills it; screens only read it.
 */
export interface InstanceConfig {
  name: string;
  logo: string;
  logoMask: boolean;
  logoMargin: string;
  logoLeft: boolean;
  hideSitename: boolean;
  background: string;
  server: string;
  /** The image covering sensitive media until it is shown; empty: a plain cover. */
  nsfwCensorImage: string;
  /** Direct messages reach only the accounts mentioned at the start (a notice says so). */
  safeDM: boolean;
  registrationOpen: boolean;
  accountActivationRequired: boolean;
  accountApprovalRequired: boolean;
  birthdayRequired: boolean;
  birthdayMinAge: number;
  mailerEnabled: boolean;
  tos: string;
  staffAccounts: string[];
  private: boolean;
  federating: boolean;
  textlimit: number;
  uploadlimit: number;
  /** Per-kind profile image limits in bytes; 0: the instance names none (uploadlimit applies). */
  avatarUploadLimit: number;
  bannerUploadLimit: number;
  backgroundUploadLimit: number;
  /** How many files one post may carry. */
  fileLimit: number;
  pollLimits: PollLimits;
  /** Profile fields the instance allows (count and lengths); null: it names none. */
  fieldsLimits: FieldsLimits | null;
  vapidPublicKey: string;
  theme: string;
  postContentType: string;
  postFormats: string[];
  restrictedNicknames: string[];
  defaultAvatar: string;
  shoutAvailable: boolean;
  gopherAvailable: boolean;
  pleromaChatMessagesAvailable: boolean;
  announcementsAvailable: boolean;
  suggestionsEnabled: boolean;
  mediaProxyAvailable: boolean;
  editingAvailable: boolean;
  minimalScopesMode: boolean;
  showInstanceSpecificPanel: boolean;
  instanceSpecificPanelContent: string;
  showFeaturesPanel: boolean;
  /** 'password' (default) or 'token' (OAuth redirect to the provider). */
  loginMethod: 'password' | 'token';
  /** Where / sends signed-in and anonymous visitors. */
  redirectRootLogin: string;
  redirectRootNoLogin: string;
  sidebarRight: boolean;
  features: string[];
  /** What kind of server this is (lib/serverFeatures); null until start-up has heard. */
  serverFlavour: ServerFlavour | null;
  /** The server takes polls (Pleroma's 'polls' feature, or Mastodon's configuration.polls). */
  pollsAvailable: boolean;
  /** Where emoji reactions are sent, or 'none' to hide them. */
  reactionsApi: ReactionsApi;
  /** Where direct messages come from; 'none' once the server answered 404 for both. */
  directMessagesSource: DirectMessagesSource;
  /** What the about page shows under federation policy; null when nodeinfo gives none. */
  federationPolicy: FederationPolicy | null;
  /** /static/stickers.json with what each pack's pack.json says. */
  stickerPacks: (StickerPackRef & StickerPackContents)[];
  /** /static/styles.json: theme name -> stylesheet path or description. */
  styles: Record<string, unknown>;
}

export const DEFAULT_INSTANCE_CONFIG: InstanceConfig = {
  name: 'Starling',
  logo: '/favicon.svg',
  logoMask: true,
  logoMargin: '.1em',
  logoLeft: false,
  hideSitename: false,
  background: '',
  server: '',
  nsfwCensorImage: '',
  safeDM: true,
  registrationOpen: false,
  accountActivationRequired: false,
  accountApprovalRequired: false,
  birthdayRequired: false,
  birthdayMinAge: 0,
  mailerEnabled: false,
  tos: '',
  staffAccounts: [],
  private: false,
  federating: true,
  textlimit: DEFAULT_MAX_STATUS_CHARS,
  uploadlimit: 0,
  avatarUploadLimit: 0,
  bannerUploadLimit: 0,
  backgroundUploadLimit: 0,
  fileLimit: DEFAULT_MAX_MEDIA_ATTACHMENTS,
  pollLimits: DEFAULT_POLL_LIMITS,
  fieldsLimits: null,
  vapidPublicKey: '',
  theme: 'pleroma-dark',
  postContentType: 'text/plain',
  postFormats: ['text/plain'],
  restrictedNicknames: [],
  defaultAvatar: '',
  shoutAvailable: false,
  gopherAvailable: false,
  pleromaChatMessagesAvailable: false,
  announcementsAvailable: false,
  suggestionsEnabled: false,
  mediaProxyAvailable: false,
  editingAvailable: false,
  minimalScopesMode: false,
  showInstanceSpecificPanel: false,
  instanceSpecificPanelContent: '',
  showFeaturesPanel: true,
  loginMethod: 'password',
  redirectRootLogin: '/main/friends',
  redirectRootNoLogin: '/main/all',
  sidebarRight: false,
  features: [],
  serverFlavour: null,
  pollsAvailable: false,
  reactionsApi: 'pleroma',
  directMessagesSource: 'timeline',
  federationPolicy: null,
  stickerPacks: [],
  styles: {},
};

interface InstanceState {
  config: InstanceConfig;
  /** true once every start-up fetch has settled (each failure is logged, not fatal). */
  loaded: boolean;
  update(partial: Partial<InstanceConfig>): void;
  markLoaded(): void;
}

export const useInstance = create<InstanceState>()((set) => ({
  config: DEFAULT_INSTANCE_CONFIG,
  loaded: false,
  update: (partial) => set((state) => ({ config: { ...state.config, ...partial } })),
  markLoaded: () => set({ loaded: true }),
}));

/** How long a caller waits for start-up to say what kind of server this is. */
export const INSTANCE_KNOWN_WAIT_MS = 5000;

/**
 * Resolves once start-up has loaded the instance configuration (or after `timeoutMs`): for the
 * few calls whose path depends on the kind of server (direct messages, custom emoji).
 */
export function whenInstanceLoaded(timeoutMs = INSTANCE_KNOWN_WAIT_MS): Promise<void> {
  if (useInstance.getState().loaded) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    const unsubscribe = useInstance.subscribe((state) => {
      if (state.loaded) done();
    });
  });
}
