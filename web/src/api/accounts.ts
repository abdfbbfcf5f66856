import { expectEntity, type ApiClient } from './client.ts';
import type { Page } from './link.ts';
import { parseAccount } from './schemas/account.ts';
import { parseRelationship, parseRelationshipList } from './schemas/relationship.ts';
import { pageQuery, statusPage, type PageQuery } from './timelines.ts';
import type { Account, Relationship, Status, Visibility } from './types.ts';

const path = (id: string) => `/api/v1/accounts/${encodeURIComponent(id)}`;

async function account(client: ApiClient, url: string): Promise<Account> {
  const response = await client.get(url);
  return expectEntity(parseAccount(response.data), 'Account', response);
}

export function verifyCredentials(client: ApiClient): Promise<Account> {
  return account(client, '/api/v1/accounts/verify_credentials');
}

export function get(client: ApiClient, id: string): Promise<Account> {
  return account(client, path(id));
}

export async function lookup(client: ApiClient, acct: string): Promise<Account> {
  const response = await client.get('/api/v1/accounts/lookup', { query: { acct } });
  return expectEntity(parseAccount(response.data), 'Account', response);
}

export async function relationships(client: ApiClient, ids: string[]): Promise<Relationship[]> {
  if (!ids.length) return [];
  const response = await client.get('/api/v1/accounts/relationships', { query: { id: ids } });
  return parseRelationshipList(response.data);
}

async function relationshipAction(
  client: ApiClient,
  url: string,
  body?: unknown,
): Promise<Relationship> {
  const response = await client.post(url, { body });
  return expectEntity(parseRelationship(response.data), 'Relationship', response);
}

export function follow(
  client: ApiClient,
  id: string,
  options: { reblogs?: boolean; notify?: boolean } = {},
): Promise<Relationship> {
  return relationshipAction(client, `${path(id)}/follow`, {
    reblogs: options.reblogs,
    notify: options.notify,
  });
}

export function unfollow(client: ApiClient, id: string): Promise<Relationship> {
  return relationshipAction(client, `${path(id)}/unfollow`);
}

export interface AccountStatusesQuery extends PageQuery {
  pinned?: boolean;
  excludeReplies?: boolean;
  excludeReblogs?: boolean;
  onlyMedia?: boolean;
  tagged?: string;
  withMuted?: boolean;
}

export async function statuses(
  client: ApiClient,
  id: string,
  q: AccountStatusesQuery = {},
): Promise<Page<Status>> {
  const response = await client.get(`${path(id)}/statuses`, {
    query: {
      ...pageQuery(q),
      pinned: q.pinned || undefined,
      exclude_replies: q.excludeReplies || undefined,
      exclude_reblogs: q.excludeReblogs || undefined,
      only_media: q.onlyMedia || undefined,
      tagged: q.tagged,
      with_muted: q.withMuted,
    },
  });
  return statusPage(response);
}

export interface UpdateCredentialsParams {
  displayName?: string;
  note?: string;
  locked?: boolean;
  bot?: boolean;
  discoverable?: boolean;
  fields?: { name: string; value: string }[];
  avatar?: Blob;
  header?: Blob;
  /** Pleroma: a file, or '' to reset. */
  backgroundImage?: Blob | '';
  avatarDescription?: string;
  headerDescription?: string;
  hideFollowers?: boolean;
  hideFollows?: boolean;
  hideFollowersCount?: boolean;
  hideFollowsCount?: boolean;
  hideFavorites?: boolean;
  showRole?: boolean;
  noRichText?: boolean;
  defaultScope?: Visibility;
  defaultSensitive?: boolean;
  allowFollowingMove?: boolean;
  acceptsChatMessages?: boolean;
  skipThreadContainment?: boolean;
  actorType?: string;
  birthday?: string;
  showBirthday?: boolean;
  alsoKnownAs?: string[];
  language?: string;
  /** Pleroma settings store: `{<frontend name>: {...}}`, replacing that frontend's whole entry. */
  settingsStore?: Record<string, unknown>;
}

function updateBody(p: UpdateCredentialsParams): Record<string, unknown> {
  // No field at all is one blank row: a form cannot carry an empty list, and servers drop blanks.
  const fields = p.fields && p.fields.length === 0 ? [{ name: '', value: '' }] : p.fields;
  const fieldsAttributes = fields?.reduce<Record<string, { name: string; value: string }>>(
    (acc, field, i) => {
      acc[String(i)] = field;
      return acc;
    },
    {},
  );
  const source = {
    // Mastodon's name for the default visibility; Pleroma reads default_scope.
    privacy: p.defaultScope,
    sensitive: p.defaultSensitive,
  };
  return {
    display_name: p.displayName,
    note: p.note,
    locked: p.locked,
    bot: p.bot,
    discoverable: p.discoverable,
    fields_attributes: fieldsAttributes,
    avatar: p.avatar,
    header: p.header,
    pleroma_background_image: p.backgroundImage,
    avatar_description: p.avatarDescription,
    header_description: p.headerDescription,
    hide_followers: p.hideFollowers,
    hide_follows: p.hideFollows,
    hide_followers_count: p.hideFollowersCount,
    hide_follows_count: p.hideFollowsCount,
    hide_favorites: p.hideFavorites,
    show_role: p.showRole,
    no_rich_text: p.noRichText,
    default_scope: p.defaultScope,
    source: Object.values(source).some((v) => v !== undefined) ? source : undefined,
    allow_following_move: p.allowFollowingMove,
    accepts_chat_messages: p.acceptsChatMessages,
    skip_thread_containment: p.skipThreadContainment,
    actor_type: p.actorType,
    birthday: p.birthday,
    show_birthday: p.showBirthday,
    also_known_as: p.alsoKnownAs,
    language: p.language,
    pleroma_settings_store: p.settingsStore,
  };
}

function toFormData(body: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(body)) {
    if (value === undefined) continue;
    if (value instanceof Blob) form.append(key, value);
    else if (Array.isArray(value)) for (const item of value) form.append(`${key}[]`, String(item));
    else if (value && typeof value === 'object') {
      for (const [sub, subValue] of Object.entries(value)) {
        if (subValue && typeof subValue === 'object') {
          for (const [leaf, leafValue] of Object.entries(subValue))
            form.append(`${key}[${sub}][${leaf}]`, String(leafValue));
        } else if (subValue !== undefined) form.append(`${key}[${sub}]`, String(subValue));
      }
    } else form.append(key, String(value));
  }
  return form;
}

/**
 * PATCH update_credentials as form data, with Rails-style keys (`fields_attributes[0][name]`,
 * `source[privacy]`), which every server reads (Mastodon reads nothing else). Pleroma's settings
 * store alone goes as JSON: its nested values would lose their types in a form, and only Pleroma
 * keeps it.
 */
export async function updateCredentials(
  client: ApiClient,
  params: UpdateCredentialsParams,
): Promise<Account> {
  const body = updateBody(params);
  const response = await client.patch('/api/v1/accounts/update_credentials', {
    body: params.settingsStore === undefined ? toFormData(body) : body,
  });
  return expectEntity(parseAccount(response.data), 'Account', response);
}
