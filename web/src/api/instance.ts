import { ApiError, expectEntity, type ApiClient } from './client.ts';
import { parseCustomEmojiList, parseEmojiMap } from './schemas/emoji.ts';
import {
  parseFrontendConfigurations,
  OpaqueRecordSchema,
} from './schemas/frontendConfigurations.ts';
import { parseInstance } from './schemas/instance.ts';
import { parseNodeinfo, parseNodeinfoLinks, pickNodeinfoHref } from './schemas/nodeinfo.ts';
import { makeParser } from './schemas/parse.ts';
import type {
  CustomEmoji,
  EmojiMapEntry,
  FrontendConfigurations,
  Instance,
  Nodeinfo,
} from './types.ts';

export async function instance(client: ApiClient): Promise<Instance> {
  const response = await client.get('/api/v1/instance');
  return expectEntity(parseInstance(response.data), 'Instance', response);
}

export async function instanceV2(client: ApiClient): Promise<Instance> {
  const response = await client.get('/api/v2/instance');
  return expectEntity(parseInstance(response.data), 'Instance', response);
}

const NODEINFO_FALLBACK = '/nodeinfo/2.0.json';

function sameOriginPath(client: ApiClient, href: string): string {
  // Servers advertise absolute URLs; keep them on our origin when they point at it (proxy mode).
  try {
    const url = new URL(href, client.baseUrl || globalThis.location?.origin || 'http://localhost');
    const base = new URL(client.baseUrl || globalThis.location?.origin || 'http://localhost');
    return url.host === base.host ? url.pathname + url.search : href;
  } catch {
    return href;
  }
}

/** Nodeinfo through /.well-known/nodeinfo, falling back to /nodeinfo/2.0.json. */
export async function nodeinfo(client: ApiClient): Promise<Nodeinfo> {
  let path = NODEINFO_FALLBACK;
  try {
    const links = await client.get('/.well-known/nodeinfo', { anonymous: true });
    const href = pickNodeinfoHref(parseNodeinfoLinks(links.data) ?? []);
    if (href) path = sameOriginPath(client, href);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
  }
  const response = await client.get(path, { anonymous: true });
  return expectEntity(parseNodeinfo(response.data), 'Nodeinfo', response);
}

export async function frontendConfigurations(client: ApiClient): Promise<FrontendConfigurations> {
  const response = await client.get('/api/pleroma/frontend_configurations');
  return parseFrontendConfigurations(response.data) ?? {};
}

const parseStaticRecord = makeParser('StaticConfig', OpaqueRecordSchema);

/** /static/config.json: the admin's overrides for the front end (opaque here). */
export async function staticConfig(client: ApiClient): Promise<Record<string, unknown>> {
  const response = await client.get('/static/config.json', { anonymous: true });
  return parseStaticRecord(response.data) ?? {};
}

async function text(client: ApiClient, path: string): Promise<string> {
  const response = await client.get(path, { text: true, anonymous: true });
  return typeof response.data === 'string' ? response.data : '';
}

export function termsOfService(client: ApiClient): Promise<string> {
  return text(client, '/static/terms-of-service.html');
}

export function instancePanel(client: ApiClient): Promise<string> {
  return text(client, '/instance/panel.html');
}

export interface StickerPackRef {
  name: string;
  /** Folder of the pack; its pack.json sits inside. */
  path: string;
}

/** /static/stickers.json: pack name -> folder. */
export async function stickers(client: ApiClient): Promise<StickerPackRef[]> {
  const response = await client.get('/static/stickers.json', { anonymous: true });
  const packs = parseStaticRecord(response.data) ?? {};
  return Object.entries(packs)
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
    .map(([name, path]) => ({ name, path: path.endsWith('/') ? path : `${path}/` }));
}

/** What a sticker pack's pack.json says: its title and the image files in its folder. */
export interface StickerPackContents {
  title: string | null;
  files: string[];
}

const stringList = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/** Pleroma-FE packs list `stickers`, the local instance lists `files`; both name files in the folder. */
export async function stickerPack(
  client: ApiClient,
  pack: StickerPackRef,
): Promise<StickerPackContents> {
  const response = await client.get(`${pack.path}pack.json`, { anonymous: true });
  const meta = parseStaticRecord(response.data) ?? {};
  const title = typeof meta.title === 'string' && meta.title ? meta.title : null;
  return { title, files: [...new Set([...stringList(meta.stickers), ...stringList(meta.files)])] };
}

/** A sticker's image, as a File ready to be uploaded like any attachment. */
export async function stickerFile(url: string, fileName: string): Promise<File> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const blob = await response.blob();
  return new File([blob], fileName, { type: blob.type || 'image/png' });
}

/** /static/styles.json: theme name -> stylesheet path or description (opaque until the theme engine reads it). */
export async function styles(client: ApiClient): Promise<Record<string, unknown>> {
  const response = await client.get('/static/styles.json', { anonymous: true });
  return parseStaticRecord(response.data) ?? {};
}

export async function customEmoji(client: ApiClient): Promise<CustomEmoji[]> {
  const response = await client.get('/api/v1/custom_emojis');
  return parseCustomEmojiList(response.data);
}

/** Pleroma's emoji.json map (name -> image and tags). */
export async function pleromaEmoji(client: ApiClient): Promise<EmojiMapEntry[]> {
  const response = await client.get('/api/pleroma/emoji.json');
  return parseEmojiMap(response.data);
}
