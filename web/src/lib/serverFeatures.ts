/**
 * What the server really offers (issue 10), from /api/v2/instance, /api/v1/instance and nodeinfo
 * read together. Pleroma's metadata (its feature list, limits and post formats, in nodeinfo or in
 * the instance documents' `pleroma` block) takes precedence where present; a server without it is
 * judged by what the Mastodon documents say. What the server lacks is hidden, not offered.
 */

import type { Instance, Nodeinfo, PollLimits, ServerFlavour } from '../api/types.ts';

/** Where emoji reactions live: Pleroma's path, the Akkoma/Fedibird alias path, or nowhere. */
export type ReactionsApi = 'pleroma' | 'alias' | 'none';
/** Where direct messages come from: the direct timeline or the conversations list. */
export type DirectMessagesSource = 'timeline' | 'conversations';

export interface ServerFeatures {
  flavour: ServerFlavour | null;
  /** Pleroma or Akkoma: the Pleroma-only files and endpoints exist. */
  pleroma: boolean;
  features: string[];
  polls: boolean;
  editing: boolean;
  reactions: ReactionsApi;
  directMessages: DirectMessagesSource;
  maxStatusChars: number | null;
  maxMediaAttachments: number | null;
  uploadLimit: number | null;
  pollLimits: PollLimits | null;
  postFormats: string[];
}

export interface ServerDocuments {
  instanceV2?: Instance | null;
  instanceV1?: Instance | null;
  nodeinfo?: Nodeinfo | null;
}

/**
 * Editing (PUT /api/v1/statuses/:id) arrived in Mastodon 3.5, without being advertised; servers
 * of other names that implement Mastodon's API report the Mastodon version they match. Mastodon
 * 4.3 began numbering its API (`api_versions.mastodon`, 1 and up), which every such server has.
 */
const MASTODON_EDITING_SINCE: readonly [number, number] = [3, 5];
const MASTODON_API_VERSION_WITH_EDITING = 1;

function versionAtLeast(version: string, [major, minor]: readonly [number, number]): boolean {
  const match = /^(\d+)\.(\d+)/.exec(version.trim());
  if (!match) return false;
  const [have, haveMinor] = [Number(match[1]), Number(match[2])];
  return have > major || (have === major && haveMinor >= minor);
}

function flavourOf({ instanceV2, instanceV1, nodeinfo }: ServerDocuments): ServerFlavour | null {
  const software = nodeinfo?.softwareName ?? '';
  if (/akkoma/.test(software)) return 'akkoma';
  const declared = [instanceV1?.flavour, instanceV2?.flavour];
  if (declared.includes('akkoma')) return 'akkoma';
  if (/pleroma/.test(software) || declared.includes('pleroma')) return 'pleroma';
  if (software === 'mastodon' || declared.includes('mastodon')) return 'mastodon';
  if (software || instanceV1 || instanceV2) return 'other';
  return null;
}

const firstNonEmpty = <T>(...lists: (T[] | undefined)[]): T[] =>
  lists.find((list): list is T[] => !!list && list.length > 0) ?? [];

export function serverFeatures(docs: ServerDocuments): ServerFeatures {
  const { instanceV2, instanceV1, nodeinfo } = docs;
  const flavour = flavourOf(docs);
  const pleroma = flavour === 'pleroma' || flavour === 'akkoma';
  const features = [
    ...new Set([
      ...(nodeinfo?.features ?? []),
      ...(instanceV1?.features ?? []),
      ...(instanceV2?.features ?? []),
    ]),
  ];
  const hasPleromaMetadata = features.length > 0;
  // Pleroma's v1 document carries its own limits (max_toot_chars...); elsewhere v2 is the newer word.
  const instances = [instanceV1, instanceV2].filter((i): i is Instance => !!i);
  if (!pleroma) instances.reverse();
  const instance = instances[0] ?? null;
  const version = instanceV2?.version || instanceV1?.version || nodeinfo?.softwareVersion || '';

  let polls: boolean;
  let editing: boolean;
  let reactions: ReactionsApi;
  if (hasPleromaMetadata) {
    polls = features.includes('polls');
    editing = features.includes('editing');
    reactions = features.includes('pleroma_emoji_reactions') ? 'pleroma' : 'none';
  } else {
    polls = instances.some((i) => i.pollsConfigured);
    editing =
      versionAtLeast(version, MASTODON_EDITING_SINCE) ||
      instances.some((i) => (i.mastodonApiVersion ?? 0) >= MASTODON_API_VERSION_WITH_EDITING);
    reactions = instances.some((i) => i.reactionsAdvertised) ? 'alias' : 'none';
  }
  if (reactions === 'none' && !hasPleromaMetadata && pleroma) reactions = 'pleroma';

  const pleromaPostFormats = firstNonEmpty(
    nodeinfo?.postFormats,
    ...instances.map((i) => i.postFormats),
  );
  return {
    flavour,
    pleroma,
    features,
    polls,
    editing,
    reactions,
    directMessages: pleroma ? 'timeline' : 'conversations',
    maxStatusChars: instance?.maxStatusChars ?? null,
    maxMediaAttachments: instance?.maxMediaAttachments ?? null,
    uploadLimit: nodeinfo?.uploadLimits?.general || instance?.uploadLimit || null,
    pollLimits: polls ? (nodeinfo?.pollLimits ?? instance?.pollLimits ?? null) : null,
    postFormats: pleromaPostFormats.length ? pleromaPostFormats : ['text/plain'],
  };
}
