import type { ApiClient } from '../api/client.ts';
import { federationPolicyFrom } from '../api/federationPolicy.ts';
import * as instanceApi from '../api/instance.ts';
import type { EmojiMapEntry, FrontendConfigurations, Instance, Nodeinfo } from '../api/types.ts';
import { serverFeatures, type ServerFeatures } from '../lib/serverFeatures.ts';
import { useCustomEmoji } from '../state/customEmoji.ts';
import { safeHttpUrl } from '../lib/safeUrl.ts';
import { DEFAULT_INSTANCE_CONFIG, useInstance, type InstanceConfig } from '../state/instance.ts';
import { api } from './apiClient.ts';
import { applyLearntThisSession, learntThisSession } from './learntThisSession.ts';
import { readInitialResults, withInitialResults } from './initialResults.ts';

/**
 * Start-up (spec part 1, §7, and issue 10): the instance documents and nodeinfo first; once they
 * say the server is Pleroma or Akkoma, the Pleroma-only files and endpoints, all at once. A server
 * that is not Pleroma is never asked for them. A failure is logged and the app goes on.
 *
 * This module, the instance schemas and nodeinfo's are a chunk of their own, which main.tsx asks
 * for as the app starts (on a timeline landing, once the first statuses are painted).
 */

type StickerPack = InstanceConfig['stickerPacks'][number];

export interface StartupResults {
  instance: Instance;
  instanceV2: Instance;
  nodeinfo: Nodeinfo;
  frontendConfigurations: FrontendConfigurations;
  staticConfig: Record<string, unknown>;
  termsOfService: string;
  instancePanel: string;
  stickers: StickerPack[];
  styles: Record<string, unknown>;
  emoji: EmojiMapEntry[];
}

async function stickersWithPacks(client: ApiClient): Promise<StickerPack[]> {
  const refs = await instanceApi.stickers(client);
  const packs = await Promise.allSettled(refs.map((ref) => instanceApi.stickerPack(client, ref)));
  return refs.flatMap((ref, index) => {
    const pack = packs[index];
    if (pack?.status === 'fulfilled') return [{ ...ref, ...pack.value }];
    console.warn(`Could not load sticker pack ${ref.name}`, pack?.reason);
    return [];
  });
}

type Fetches<K extends keyof StartupResults> = {
  [P in K]: (client: ApiClient) => Promise<StartupResults[P]>;
};

/** What every Mastodon-API server answers: the instance documents and nodeinfo. */
const SERVER_FETCHES: Fetches<'instance' | 'instanceV2' | 'nodeinfo'> = {
  instance: instanceApi.instance,
  instanceV2: instanceApi.instanceV2,
  nodeinfo: instanceApi.nodeinfo,
};

/** Pleroma's own files and endpoints (/api/pleroma/*, /static/*.json, /instance/panel.html). */
const PLEROMA_FETCHES: Fetches<
  | 'frontendConfigurations'
  | 'staticConfig'
  | 'termsOfService'
  | 'instancePanel'
  | 'stickers'
  | 'styles'
  | 'emoji'
> = {
  frontendConfigurations: instanceApi.frontendConfigurations,
  staticConfig: instanceApi.staticConfig,
  termsOfService: instanceApi.termsOfService,
  instancePanel: instanceApi.instancePanel,
  stickers: stickersWithPacks,
  styles: instanceApi.styles,
  emoji: instanceApi.pleromaEmoji,
};

/** Instance options an admin sets in /static/config.json or the pleroma_fe frontend configuration. */
const DISPLAY_OPTION_KEYS = [
  'name',
  'theme',
  'logo',
  'logoMask',
  'logoMargin',
  'logoLeft',
  'hideSitename',
  'background',
  'redirectRootLogin',
  'redirectRootNoLogin',
  'showInstanceSpecificPanel',
  'showFeaturesPanel',
  'sidebarRight',
  'postContentType',
  'minimalScopesMode',
  'defaultAvatar',
  'nsfwCensorImage',
  'safeDM',
] as const satisfies readonly (keyof InstanceConfig)[];

const LOGIN_METHODS: readonly InstanceConfig['loginMethod'][] = ['password', 'token'];

/** The frontend configuration's options for this client (Pleroma keeps ours under pleroma_fe). */
function pleromaFe(configurations: FrontendConfigurations | undefined): Record<string, unknown> {
  const entry = configurations?.pleroma_fe;
  return entry && typeof entry === 'object' ? (entry as Record<string, unknown>) : {};
}

/**
 * Display options: the static config.json, overridden by the frontend configuration the
 * admin set on the server (the server's copy wins, as in Pleroma-FE). Values of the wrong type
 * are ignored.
 */
export function displayOptions(
  staticConfig: Record<string, unknown> | undefined,
  frontendConfigurations: FrontendConfigurations | undefined,
): Partial<InstanceConfig> {
  const merged: Record<string, unknown> = {
    ...(staticConfig ?? {}),
    ...pleromaFe(frontendConfigurations),
  };
  const options: Record<string, unknown> = {};
  for (const key of DISPLAY_OPTION_KEYS) {
    const value = merged[key];
    if (value !== undefined && typeof value === typeof DEFAULT_INSTANCE_CONFIG[key]) {
      options[key] = value;
    }
  }
  if (LOGIN_METHODS.includes(merged.loginMethod as InstanceConfig['loginMethod'])) {
    options.loginMethod = merged.loginMethod;
  }
  return options as Partial<InstanceConfig>;
}

function fromInstance(instance: Instance): Partial<InstanceConfig> {
  return {
    name: instance.title || DEFAULT_INSTANCE_CONFIG.name,
    textlimit: instance.maxStatusChars,
    uploadlimit: instance.uploadLimit,
    avatarUploadLimit: instance.avatarUploadLimit ?? 0,
    bannerUploadLimit: instance.bannerUploadLimit ?? 0,
    backgroundUploadLimit: instance.backgroundUploadLimit ?? 0,
    fileLimit: instance.maxMediaAttachments,
    pollLimits: instance.pollLimits,
    fieldsLimits: instance.fieldsLimits,
    registrationOpen: instance.registrations,
    accountApprovalRequired: instance.approvalRequired,
    accountActivationRequired: instance.accountActivationRequired,
    vapidPublicKey: instance.vapidPublicKey ?? '',
    birthdayRequired: instance.birthdayRequired,
    birthdayMinAge: instance.birthdayMinAge,
    postFormats: instance.postFormats.length
      ? instance.postFormats
      : DEFAULT_INSTANCE_CONFIG.postFormats,
    ...(instance.backgroundImage ? { background: instance.backgroundImage } : {}),
  };
}

/** Nodeinfo's upload limits; a 0 there means it named none, so it does not override. */
function nodeinfoUploadLimits(
  limits: NonNullable<Nodeinfo['uploadLimits']>,
): Partial<InstanceConfig> {
  const named: Partial<InstanceConfig> = {};
  if (limits.general > 0) named.uploadlimit = limits.general;
  if (limits.avatar > 0) named.avatarUploadLimit = limits.avatar;
  if (limits.banner > 0) named.bannerUploadLimit = limits.banner;
  if (limits.background > 0) named.backgroundUploadLimit = limits.background;
  return named;
}

function fromNodeinfo(nodeinfo: Nodeinfo, instance?: Instance): Partial<InstanceConfig> {
  return {
    ...(nodeinfo.nodeName ? { name: nodeinfo.nodeName } : {}),
    registrationOpen: nodeinfo.openRegistrations,
    federating: nodeinfo.federating,
    private: nodeinfo.private,
    staffAccounts: nodeinfo.staffAccounts,
    restrictedNicknames: nodeinfo.restrictedNicknames,
    ...(nodeinfo.postFormats.length ? { postFormats: nodeinfo.postFormats } : {}),
    ...(nodeinfo.uploadLimits ? nodeinfoUploadLimits(nodeinfo.uploadLimits) : {}),
    ...(nodeinfo.pollLimits && !instance ? { pollLimits: nodeinfo.pollLimits } : {}),
    ...(nodeinfo.fieldsLimits && !instance?.fieldsLimits
      ? { fieldsLimits: nodeinfo.fieldsLimits }
      : {}),
    suggestionsEnabled: nodeinfo.suggestionsEnabled,
    mailerEnabled: nodeinfo.mailerEnabled,
    accountActivationRequired:
      nodeinfo.accountActivationRequired || !!instance?.accountActivationRequired,
    ...(instance ? {} : { birthdayRequired: nodeinfo.birthdayRequired }),
    ...(instance ? {} : { birthdayMinAge: nodeinfo.birthdayMinAge }),
    federationPolicy: federationPolicyFrom(nodeinfo.federation),
  };
}

function fromFeatures(
  server: ServerFeatures,
  frontend: Record<string, unknown>,
): Partial<InstanceConfig> {
  const { features } = server;
  return {
    features,
    serverFlavour: server.flavour,
    pollsAvailable: server.polls,
    reactionsApi: server.reactions,
    directMessagesSource: server.directMessages,
    // Pleroma, Akkoma and Mastodon serve GET /api/v1/announcements; any other server is asked
    // after sign-in, and its 404 takes them away (features/announcements/announcementsSession.ts).
    announcementsAvailable: server.flavour !== null,
    pleromaChatMessagesAvailable: features.includes('pleroma_chat_messages'),
    editingAvailable: server.editing,
    shoutAvailable: features.includes('chat') && frontend.disableChat !== true,
    gopherAvailable: features.includes('gopher'),
    mediaProxyAvailable: features.includes('media_proxy'),
  };
}

/** Everything the start-up answers say, merged into the instance configuration (pure). */
export function instanceConfigFrom(results: Partial<StartupResults>): Partial<InstanceConfig> {
  const { nodeinfo } = results;
  const server = serverFeatures({
    instanceV1: results.instance,
    instanceV2: results.instanceV2,
    nodeinfo,
  });
  // The v1 document names Pleroma's limits; a server without one is read from v2.
  const instance = results.instance ?? results.instanceV2;
  return {
    ...(instance ? fromInstance(instance) : {}),
    ...(nodeinfo ? fromNodeinfo(nodeinfo, instance) : {}),
    ...(server.pollLimits ? { pollLimits: server.pollLimits } : {}),
    ...(!server.pleroma && server.maxStatusChars ? { textlimit: server.maxStatusChars } : {}),
    ...fromFeatures(server, pleromaFe(results.frontendConfigurations)),
    ...displayOptions(results.staticConfig, results.frontendConfigurations),
    ...(results.termsOfService !== undefined ? { tos: results.termsOfService } : {}),
    ...(results.instancePanel !== undefined
      ? { instanceSpecificPanelContent: results.instancePanel }
      : {}),
    ...(results.stickers ? { stickerPacks: results.stickers } : {}),
    ...(results.styles ? { styles: results.styles } : {}),
  };
}

/**
 * The instance's own address (config `server`): the API's base when the client talks to another
 * origin, the page's origin otherwise. Links meant for other people (copy link, remote
 * interaction) are built from it.
 */
export function serverAddress(baseUrl: string, pageOrigin: string): string {
  const base = safeHttpUrl(baseUrl);
  if (base) {
    try {
      return new URL(base).origin;
    } catch {
      // Not a URL after all: fall back to the page.
    }
  }
  return pageOrigin;
}

async function settleAll(
  client: ApiClient,
  fetches: Partial<Record<keyof StartupResults, (client: ApiClient) => Promise<unknown>>>,
  into: Record<string, unknown>,
): Promise<void> {
  const names = Object.keys(fetches) as (keyof StartupResults)[];
  const settled = await Promise.allSettled(names.map((name) => fetches[name]?.(client)));
  settled.forEach((outcome, index) => {
    const name = names[index] as string;
    if (outcome.status === 'fulfilled') into[name] = outcome.value;
    else console.warn(`Could not load ${name} at start-up; going on without it`, outcome.reason);
  });
}

/** Pleroma says so in its v1 document's version: no need to wait for the others then. */
const saysPleroma = (instance: Instance) =>
  instance.flavour === 'pleroma' || instance.flavour === 'akkoma';

/** Runs the start-up fetches, fills the instance store, then marks it loaded. */
export async function loadInstanceConfig(
  client: ApiClient = api,
  // What the page embeds describes the page's server, not another one the account lives on.
  initialResults: Map<string, unknown> = client.baseUrl ? new Map() : readInitialResults(),
): Promise<void> {
  applyLearntThisSession(client);
  // Answers the server embedded in the page replace their fetches.
  const source = withInitialResults(client, initialResults);
  const results: Record<string, unknown> = {};
  let pleromaFiles: Promise<void> | null = null;
  const fetchPleromaFiles = () => {
    pleromaFiles ??= settleAll(source, PLEROMA_FETCHES, results);
    return pleromaFiles;
  };
  const early = instanceApi.instance(source).then((instance) => {
    if (saysPleroma(instance)) void fetchPleromaFiles();
    return instance;
  });
  await settleAll(
    source,
    { ...SERVER_FETCHES, instance: () => early } as typeof SERVER_FETCHES,
    results,
  );
  const known = results as Partial<StartupResults>;
  const { pleroma } = serverFeatures({
    instanceV1: known.instance,
    instanceV2: known.instanceV2,
    nodeinfo: known.nodeinfo,
  });
  if (pleroma) await fetchPleromaFiles();
  const startup = results as Partial<StartupResults>;
  useInstance.getState().update({
    ...instanceConfigFrom(startup),
    ...learntThisSession(client),
    server: serverAddress(client.baseUrl, globalThis.location?.origin ?? ''),
  });
  const emoji = startup.emoji;
  if (emoji && !useCustomEmoji.getState().loaded) {
    useCustomEmoji
      .getState()
      .setEmojis(emoji.map((e) => ({ shortcode: e.shortcode, url: e.imageUrl, tags: e.tags })));
  }
  useInstance.getState().markLoaded();
}
