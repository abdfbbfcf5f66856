import type { Database } from 'better-sqlite3';
import { parseJsonObject, type AccountField, type AccountRow } from '../db/accounts.ts';
import { formatWithMentions } from '../db/compose.ts';
import { sql } from '../db/index.ts';
import { acceptFollow } from '../db/follows.ts';
import { VISIBILITIES } from '../db/statuses.ts';
import { ApiError, unprocessable } from '../errors.ts';
import { valueNestsDeeperThan } from '../json-depth.ts';
import {
  FIELDS_LIMITS,
  MAX_BIO_CHARS,
  MAX_DISPLAY_NAME_CHARS,
  SETTINGS_STORE_FRONTEND_BYTES,
  SETTINGS_STORE_MAX_DEPTH,
  SETTINGS_STORE_TOTAL_BYTES,
} from './constants.ts';
import { bool, str, type Params } from './params.ts';

/** A nested parameter from JSON (`source: {privacy}`) or flat form keys (`source[privacy]`). */
function nested(params: Params, outer: string, inner: string): unknown {
  const object = params[outer];
  if (object && typeof object === 'object' && !Array.isArray(object) && inner in object) {
    return (object as Params)[inner];
  }
  return params[`${outer}[${inner}]`];
}

/** fields_attributes as a JSON array, a JSON object keyed by index, or form keys fields_attributes[0][name]. */
function parseFieldsAttributes(params: Params): AccountField[] | undefined {
  let entries: unknown[] | undefined;
  const value = params.fields_attributes;
  if (Array.isArray(value)) entries = value;
  else if (value && typeof value === 'object') {
    entries = Object.entries(value as Params)
      .sort(([a], [b]) => Number(a) - Number(b))
      .map(([, v]) => v);
  } else {
    const byIndex = new Map<number, Params>();
    for (const [key, v] of Object.entries(params)) {
      const match = /^fields_attributes\[(\d+)\]\[(name|value)\]$/.exec(key);
      if (!match) continue;
      const index = Number(match[1]);
      const entry: Params = byIndex.get(index) ?? {};
      entry[match[2]!] = v;
      byIndex.set(index, entry);
    }
    if (byIndex.size > 0)
      entries = [...byIndex.entries()].sort(([a], [b]) => a - b).map(([, v]) => v);
  }
  if (!entries) return undefined;
  const fields: AccountField[] = [];
  for (const entry of entries) {
    if (!entry || typeof entry !== 'object') throw unprocessable('Invalid fields_attributes');
    const name = str((entry as Params).name) ?? '';
    const fieldValue = str((entry as Params).value) ?? '';
    if (!name && !fieldValue) continue;
    if (name.length > FIELDS_LIMITS.name_length || fieldValue.length > FIELDS_LIMITS.value_length) {
      throw unprocessable('Invalid fields_attributes: a field is too long');
    }
    fields.push({ name, value: fieldValue });
  }
  if (fields.length > FIELDS_LIMITS.max_fields)
    throw unprocessable('Invalid fields_attributes: too many fields');
  return fields;
}

function parseSettingsStore(value: unknown): Record<string, unknown> | undefined {
  if (value === undefined) return undefined;
  let parsed: unknown = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value) as unknown;
    } catch {
      throw unprocessable('Invalid pleroma_settings_store: not JSON');
    }
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw unprocessable('Invalid pleroma_settings_store: must be an object keyed by frontend name');
  }
  for (const [frontend, settings] of Object.entries(parsed)) {
    // Before anything walks it recursively (JSON.stringify would overflow the stack).
    if (valueNestsDeeperThan(settings, SETTINGS_STORE_MAX_DEPTH))
      throw unprocessable(
        `Invalid pleroma_settings_store: the settings of ${frontend} nest more than ${SETTINGS_STORE_MAX_DEPTH} levels deep`,
      );
    if (jsonBytes(settings) > SETTINGS_STORE_FRONTEND_BYTES)
      throw new ApiError(
        413,
        `The pleroma_settings_store of ${frontend} is too large (at most ${SETTINGS_STORE_FRONTEND_BYTES} bytes of JSON)`,
      );
  }
  return parsed as Record<string, unknown>;
}

const jsonBytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value) ?? '');

const BOOLEAN_COLUMNS: [param: string, column: keyof AccountRow][] = [
  ['locked', 'locked'],
  ['bot', 'bot'],
  ['discoverable', 'discoverable'],
  ['hide_followers', 'hide_followers'],
  ['hide_follows', 'hide_follows'],
  ['hide_followers_count', 'hide_followers_count'],
  ['hide_follows_count', 'hide_follows_count'],
  ['hide_favorites', 'hide_favorites'],
  ['show_role', 'show_role'],
  ['no_rich_text', 'no_rich_text'],
  ['skip_thread_containment', 'skip_thread_containment'],
  ['allow_following_move', 'allow_following_move'],
  ['accepts_chat_messages', 'accepts_chat_messages'],
  ['show_birthday', 'show_birthday'],
];

/** Validates everything first, then writes in one transaction (no partial updates). */
export function updateCredentials(
  db: Database,
  account: AccountRow,
  params: Params,
  localHost: string,
  imageChanges: Partial<Record<keyof AccountRow, unknown>> = {},
): void {
  const changes: Partial<Record<keyof AccountRow, unknown>> = { ...imageChanges };
  const displayName = params.display_name;
  if (displayName !== undefined) {
    const text = str(displayName);
    if (text === undefined || text.length > MAX_DISPLAY_NAME_CHARS)
      throw unprocessable('Invalid display_name');
    changes.display_name = text;
  }
  const note = params.note;
  if (note !== undefined) {
    const text = str(note);
    if (text === undefined || text.length > MAX_BIO_CHARS) throw unprocessable('Invalid note');
    changes.note_source = text;
    changes.note_html = formatWithMentions(db, text, localHost).html;
  }
  for (const [param, column] of BOOLEAN_COLUMNS) {
    const value = bool(params[param], param);
    if (value !== undefined) changes[column] = value ? 1 : 0;
  }
  const privacy = str(nested(params, 'source', 'privacy') ?? params.default_scope);
  if (privacy !== undefined) {
    if (!(VISIBILITIES as readonly string[]).includes(privacy))
      throw unprocessable('Invalid privacy');
    changes.default_scope = privacy;
  }
  const sensitive = bool(nested(params, 'source', 'sensitive'), 'source[sensitive]');
  if (sensitive !== undefined) changes.sensitive_default = sensitive ? 1 : 0;
  const actorType = str(params.actor_type);
  if (actorType !== undefined) {
    if (!['Person', 'Service', 'Application'].includes(actorType))
      throw unprocessable('Invalid actor_type');
    changes.actor_type = actorType;
    changes.bot = actorType === 'Person' ? 0 : 1;
  }
  const birthday = params.birthday;
  if (birthday !== undefined) {
    const text = str(birthday) ?? '';
    if (text !== '' && !/^\d{4}-\d{2}-\d{2}$/.test(text)) throw unprocessable('Invalid birthday');
    changes.birthday = text || null;
  }
  const fields = parseFieldsAttributes(params);
  if (fields) changes.fields_json = JSON.stringify(fields);
  const store = parseSettingsStore(params.pleroma_settings_store);
  if (store) {
    const merged = { ...parseJsonObject(account.settings_store_json), ...store };
    const storeJson = JSON.stringify(merged);
    if (Buffer.byteLength(storeJson) > SETTINGS_STORE_TOTAL_BYTES)
      throw new ApiError(
        413,
        `The pleroma_settings_store is too large (at most ${SETTINGS_STORE_TOTAL_BYTES} bytes of JSON for all frontends)`,
      );
    changes.settings_store_json = storeJson;
  }

  db.transaction(() => {
    const columns = Object.keys(changes);
    if (columns.length > 0) {
      const assignments = columns.map((c) => `${c} = @${c}`).join(', ');
      sql(db, `UPDATE accounts SET ${assignments} WHERE id = @id`).run({
        ...changes,
        id: account.id,
      });
    }
    if (account.locked && changes.locked === 0) {
      const pending = sql(
        db,
        "SELECT follower_id FROM follows WHERE followee_id = ? AND state = 'pending'",
      ).all(account.id) as { follower_id: string }[];
      for (const p of pending) acceptFollow(db, p.follower_id, account.id);
    }
  })();
}
