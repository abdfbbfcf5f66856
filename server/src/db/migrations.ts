/**
 * Ordered schema migrations. Never edit a released migration: append a new one.
 * Each runs once, in a transaction, and is recorded in schema_migrations.
 */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const MIGRATIONS: Migration[] = [
  {
    version: 1,
    name: 'core',
    sql: `
CREATE TABLE instance_settings (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);

CREATE TABLE accounts (
  id TEXT PRIMARY KEY,
  nickname TEXT NOT NULL,
  domain TEXT,
  local INTEGER NOT NULL DEFAULT 1,
  ap_id TEXT,
  display_name TEXT NOT NULL DEFAULT '',
  note_source TEXT NOT NULL DEFAULT '',
  note_html TEXT NOT NULL DEFAULT '',
  fields_json TEXT NOT NULL DEFAULT '[]',
  locked INTEGER NOT NULL DEFAULT 0,
  bot INTEGER NOT NULL DEFAULT 0,
  discoverable INTEGER NOT NULL DEFAULT 1,
  actor_type TEXT NOT NULL DEFAULT 'Person',
  is_admin INTEGER NOT NULL DEFAULT 0,
  is_moderator INTEGER NOT NULL DEFAULT 0,
  is_confirmed INTEGER NOT NULL DEFAULT 1,
  deactivated INTEGER NOT NULL DEFAULT 0,
  email TEXT,
  password_hash TEXT,
  password_reset_required INTEGER NOT NULL DEFAULT 0,
  default_scope TEXT NOT NULL DEFAULT 'public',
  sensitive_default INTEGER NOT NULL DEFAULT 0,
  no_rich_text INTEGER NOT NULL DEFAULT 0,
  show_role INTEGER NOT NULL DEFAULT 1,
  hide_followers INTEGER NOT NULL DEFAULT 0,
  hide_follows INTEGER NOT NULL DEFAULT 0,
  hide_followers_count INTEGER NOT NULL DEFAULT 0,
  hide_follows_count INTEGER NOT NULL DEFAULT 0,
  hide_favorites INTEGER NOT NULL DEFAULT 1,
  allow_following_move INTEGER NOT NULL DEFAULT 1,
  skip_thread_containment INTEGER NOT NULL DEFAULT 0,
  accepts_chat_messages INTEGER NOT NULL DEFAULT 1,
  birthday TEXT,
  avatar_path TEXT,
  header_path TEXT,
  background_image TEXT,
  settings_store_json TEXT NOT NULL DEFAULT '{}',
  notification_settings_json TEXT NOT NULL DEFAULT '{"block_from_strangers":false,"hide_notification_contents":false}',
  tags_json TEXT NOT NULL DEFAULT '[]',
  statuses_count INTEGER NOT NULL DEFAULT 0,
  last_status_at TEXT,
  created_at TEXT NOT NULL
);
CREATE UNIQUE INDEX accounts_nickname_domain ON accounts (lower(nickname), ifnull(lower(domain), ''));

CREATE TABLE account_mfa (
  account_id TEXT PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
  totp_secret TEXT NOT NULL,
  enabled INTEGER NOT NULL DEFAULT 0,
  last_used_step INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE mfa_recovery_codes (
  account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  code_hash TEXT NOT NULL,
  used_at TEXT,
  PRIMARY KEY (account_id, code_hash)
) WITHOUT ROWID;

CREATE TABLE apps (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL,
  website TEXT,
  redirect_uris TEXT NOT NULL,
  scopes TEXT NOT NULL,
  client_id TEXT NOT NULL UNIQUE,
  client_secret TEXT NOT NULL,
  created_at TEXT NOT NULL
);

CREATE TABLE oauth_tokens (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  token_hash TEXT NOT NULL UNIQUE,
  refresh_token_hash TEXT NOT NULL UNIQUE,
  app_id INTEGER NOT NULL REFERENCES apps (id) ON DELETE CASCADE,
  account_id TEXT REFERENCES accounts (id) ON DELETE CASCADE,
  scopes TEXT NOT NULL,
  created_at TEXT NOT NULL,
  valid_until TEXT NOT NULL,
  revoked_at TEXT
);
CREATE INDEX oauth_tokens_account ON oauth_tokens (account_id);

CREATE TABLE oauth_authorizations (
  code_hash TEXT PRIMARY KEY,
  app_id INTEGER NOT NULL REFERENCES apps (id) ON DELETE CASCADE,
  account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  scopes TEXT NOT NULL,
  redirect_uri TEXT NOT NULL,
  valid_until TEXT NOT NULL,
  used INTEGER NOT NULL DEFAULT 0
) WITHOUT ROWID;

CREATE TABLE mfa_tokens (
  token_hash TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  app_id INTEGER NOT NULL REFERENCES apps (id) ON DELETE CASCADE,
  scopes TEXT NOT NULL,
  redirect_uri TEXT,
  valid_until TEXT NOT NULL
) WITHOUT ROWID;

CREATE TABLE follows (
  id TEXT NOT NULL UNIQUE,
  follower_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  followee_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  state TEXT NOT NULL CHECK (state IN ('accepted', 'pending')),
  show_reblogs INTEGER NOT NULL DEFAULT 1,
  notify INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  PRIMARY KEY (follower_id, followee_id)
) WITHOUT ROWID;
CREATE INDEX follows_followee ON follows (followee_id, state, follower_id);
CREATE INDEX follows_follower_id ON follows (follower_id, state, id);
CREATE INDEX follows_followee_id ON follows (followee_id, state, id);

CREATE TABLE blocks (
  account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  target_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  created_at TEXT NOT NULL,
  PRIMARY KEY (account_id, target_id)
) WITHOUT ROWID;
CREATE INDEX blocks_target ON blocks (target_id, account_id);

CREATE TABLE mutes (
  account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  target_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  notifications INTEGER NOT NULL DEFAULT 1,
  expires_at TEXT,
  created_at TEXT NOT NULL,
  PRIMARY KEY (account_id, target_id)
) WITHOUT ROWID;

CREATE TABLE account_notes (
  account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  target_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  comment TEXT NOT NULL,
  PRIMARY KEY (account_id, target_id)
) WITHOUT ROWID;

CREATE TABLE conversations (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  context_key TEXT NOT NULL UNIQUE
);

CREATE TABLE custom_emojis (
  shortcode TEXT PRIMARY KEY,
  file_name TEXT NOT NULL,
  category TEXT NOT NULL DEFAULT 'Custom',
  visible_in_picker INTEGER NOT NULL DEFAULT 1
);

-- in_reply_to_id deliberately has no foreign key: a reply keeps pointing at a deleted parent.
CREATE TABLE statuses (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  local INTEGER NOT NULL,
  visibility TEXT NOT NULL CHECK (visibility IN ('public', 'unlisted', 'private', 'direct')),
  content_source TEXT NOT NULL DEFAULT '',
  content_html TEXT NOT NULL DEFAULT '',
  content_type TEXT NOT NULL DEFAULT 'text/plain',
  spoiler_text TEXT NOT NULL DEFAULT '',
  sensitive INTEGER NOT NULL DEFAULT 0,
  in_reply_to_id TEXT,
  in_reply_to_account_id TEXT,
  reblog_of_id TEXT REFERENCES statuses (id) ON DELETE CASCADE,
  conversation_id INTEGER NOT NULL REFERENCES conversations (id),
  has_media INTEGER NOT NULL DEFAULT 0,
  app_name TEXT,
  app_website TEXT,
  remote_uri TEXT,
  remote_url TEXT,
  object_key TEXT NOT NULL,
  created_at TEXT NOT NULL,
  edited_at TEXT
);
CREATE INDEX statuses_account ON statuses (account_id, id);
CREATE INDEX statuses_in_reply_to ON statuses (in_reply_to_id) WHERE in_reply_to_id IS NOT NULL;
CREATE INDEX statuses_reblog_of ON statuses (reblog_of_id, account_id) WHERE reblog_of_id IS NOT NULL;
CREATE INDEX statuses_conversation ON statuses (conversation_id, id);
CREATE INDEX statuses_public ON statuses (id) WHERE visibility = 'public' AND reblog_of_id IS NULL;
CREATE INDEX statuses_public_local ON statuses (id) WHERE visibility = 'public' AND local = 1 AND reblog_of_id IS NULL;
CREATE INDEX statuses_direct ON statuses (account_id, id) WHERE visibility = 'direct';

CREATE TABLE status_mentions (
  status_id TEXT NOT NULL REFERENCES statuses (id) ON DELETE CASCADE,
  account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  PRIMARY KEY (status_id, account_id)
) WITHOUT ROWID;
CREATE INDEX status_mentions_account ON status_mentions (account_id, status_id);

CREATE TABLE status_tags (
  tag TEXT NOT NULL,
  status_id TEXT NOT NULL REFERENCES statuses (id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  position INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (tag, status_id)
) WITHOUT ROWID;
CREATE INDEX status_tags_status ON status_tags (status_id);

CREATE TABLE status_pins (
  account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  status_id TEXT NOT NULL REFERENCES statuses (id) ON DELETE CASCADE,
  pinned_at TEXT NOT NULL,
  PRIMARY KEY (status_id, account_id)
) WITHOUT ROWID;
CREATE INDEX status_pins_account ON status_pins (account_id, status_id);

CREATE TABLE favourites (
  id TEXT NOT NULL UNIQUE,
  status_id TEXT NOT NULL REFERENCES statuses (id) ON DELETE CASCADE,
  account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  created_at TEXT NOT NULL,
  PRIMARY KEY (status_id, account_id)
) WITHOUT ROWID;
CREATE INDEX favourites_account ON favourites (account_id, id);

CREATE TABLE bookmarks (
  id TEXT NOT NULL UNIQUE,
  account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  status_id TEXT NOT NULL REFERENCES statuses (id) ON DELETE CASCADE,
  folder_id TEXT,
  created_at TEXT NOT NULL,
  PRIMARY KEY (status_id, account_id)
) WITHOUT ROWID;
CREATE INDEX bookmarks_account ON bookmarks (account_id, id);

CREATE TABLE emoji_reactions (
  status_id TEXT NOT NULL REFERENCES statuses (id) ON DELETE CASCADE,
  account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  emoji TEXT NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (status_id, emoji, account_id)
) WITHOUT ROWID;

CREATE TABLE thread_mutes (
  account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  conversation_id INTEGER NOT NULL,
  PRIMARY KEY (account_id, conversation_id)
) WITHOUT ROWID;

-- Fan-out on write: one row per status that belongs in an account's home timeline.
CREATE TABLE home_feed (
  account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  status_id TEXT NOT NULL REFERENCES statuses (id) ON DELETE CASCADE,
  PRIMARY KEY (account_id, status_id)
) WITHOUT ROWID;
CREATE INDEX home_feed_status ON home_feed (status_id);

CREATE TABLE notifications (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  type TEXT NOT NULL,
  from_account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  status_id TEXT REFERENCES statuses (id) ON DELETE CASCADE,
  emoji TEXT,
  seen INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL
);
CREATE INDEX notifications_account ON notifications (account_id, id);
CREATE INDEX notifications_status ON notifications (status_id);
CREATE INDEX notifications_from ON notifications (from_account_id);
`,
  },
  {
    version: 2,
    name: 'reading',
    sql: `
-- Reblogs of public statuses show on public timelines (Pleroma shows repeats there).
CREATE INDEX statuses_public_any ON statuses (id) WHERE visibility = 'public';
CREATE INDEX statuses_public_local_any ON statuses (id) WHERE visibility = 'public' AND local = 1;
CREATE INDEX statuses_media ON statuses (account_id, id) WHERE has_media = 1;

CREATE TABLE polls (
  id TEXT PRIMARY KEY,
  status_id TEXT NOT NULL UNIQUE REFERENCES statuses (id) ON DELETE CASCADE,
  options_json TEXT NOT NULL,
  multiple INTEGER NOT NULL DEFAULT 0,
  expires_at TEXT,
  created_at TEXT NOT NULL
);

CREATE TABLE poll_votes (
  poll_id TEXT NOT NULL REFERENCES polls (id) ON DELETE CASCADE,
  account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  choice INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (poll_id, account_id, choice)
) WITHOUT ROWID;

CREATE TABLE media_attachments (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  status_id TEXT REFERENCES statuses (id) ON DELETE SET NULL,
  position INTEGER NOT NULL DEFAULT 0,
  type TEXT NOT NULL CHECK (type IN ('image', 'video', 'gifv', 'audio', 'unknown')),
  file_path TEXT NOT NULL,
  preview_path TEXT,
  mime_type TEXT NOT NULL,
  description TEXT,
  meta_json TEXT NOT NULL DEFAULT '{}',
  blurhash TEXT,
  remote_url TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX media_attachments_status ON media_attachments (status_id, position) WHERE status_id IS NOT NULL;
CREATE INDEX media_attachments_account ON media_attachments (account_id, id);

CREATE INDEX mutes_target ON mutes (target_id, account_id);
CREATE INDEX emoji_reactions_account ON emoji_reactions (account_id, status_id);
CREATE INDEX favourites_status ON favourites (status_id, id);
CREATE INDEX thread_mutes_conversation ON thread_mutes (conversation_id);

CREATE TABLE domain_blocks (
  id TEXT NOT NULL UNIQUE,
  account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  domain TEXT NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (account_id, domain)
) WITHOUT ROWID;
CREATE INDEX accounts_domain ON accounts (lower(domain)) WHERE domain IS NOT NULL;

CREATE TABLE lists (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  title TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX lists_account ON lists (account_id, id);

CREATE TABLE list_accounts (
  list_id TEXT NOT NULL REFERENCES lists (id) ON DELETE CASCADE,
  account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  created_at TEXT NOT NULL,
  PRIMARY KEY (list_id, account_id)
) WITHOUT ROWID;
CREATE INDEX list_accounts_account ON list_accounts (account_id, list_id);

CREATE TABLE reports (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  target_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  comment TEXT NOT NULL DEFAULT '',
  forwarded INTEGER NOT NULL DEFAULT 0,
  state TEXT NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'closed', 'resolved')),
  status_ids_json TEXT NOT NULL DEFAULT '[]',
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX reports_state ON reports (state, id);

ALTER TABLE notifications ADD COLUMN report_id TEXT REFERENCES reports (id) ON DELETE CASCADE;

-- One row per superseded version of an edited status (the current version lives in statuses).
CREATE TABLE status_edits (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  status_id TEXT NOT NULL REFERENCES statuses (id) ON DELETE CASCADE,
  content_source TEXT NOT NULL,
  content_html TEXT NOT NULL,
  spoiler_text TEXT NOT NULL,
  sensitive INTEGER NOT NULL,
  media_ids_json TEXT NOT NULL DEFAULT '[]',
  poll_options_json TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX status_edits_status ON status_edits (status_id, id);
`,
  },
  {
    version: 3,
    name: 'idempotency_keys',
    sql: `
-- Idempotency-Key of a status submission -> the status it created, per account, for an hour.
CREATE TABLE idempotency_keys (
  account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  key TEXT NOT NULL,
  status_id TEXT NOT NULL REFERENCES statuses (id) ON DELETE CASCADE,
  created_at TEXT NOT NULL,
  PRIMARY KEY (account_id, key)
) WITHOUT ROWID;
CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);
CREATE INDEX idempotency_keys_status ON idempotency_keys (status_id);
`,
  },
  {
    version: 15,
    name: 'markers_filters_conversation_states',
    sql: `
-- Mastodon's read markers: where the user stopped reading each timeline.
CREATE TABLE markers (
  account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  timeline TEXT NOT NULL CHECK (timeline IN ('home', 'notifications')),
  last_read_id TEXT NOT NULL,
  version INTEGER NOT NULL DEFAULT 0,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (account_id, timeline)
) WITHOUT ROWID;

-- Mastodon 4 filters: a titled group of keywords and statuses, applied in some contexts.
CREATE TABLE filters (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  title TEXT NOT NULL,
  context_json TEXT NOT NULL,
  filter_action TEXT NOT NULL CHECK (filter_action IN ('warn', 'hide')),
  expires_at TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX filters_account ON filters (account_id, id);
CREATE TABLE filter_keywords (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  filter_id INTEGER NOT NULL REFERENCES filters (id) ON DELETE CASCADE,
  keyword TEXT NOT NULL,
  whole_word INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX filter_keywords_filter ON filter_keywords (filter_id, id);
CREATE TABLE filter_statuses (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  filter_id INTEGER NOT NULL REFERENCES filters (id) ON DELETE CASCADE,
  status_id TEXT NOT NULL REFERENCES statuses (id) ON DELETE CASCADE,
  UNIQUE (filter_id, status_id)
);

-- Per-user state of a direct conversation: read up to, and hidden up to (a newer message shows it again).
CREATE TABLE conversation_states (
  account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  conversation_id INTEGER NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
  read_through_id TEXT NOT NULL DEFAULT '',
  hidden_through_id TEXT NOT NULL DEFAULT '',
  PRIMARY KEY (account_id, conversation_id)
) WITHOUT ROWID;
`,
  },
  {
    version: 16,
    name: 'show_birthday',
    sql: `
-- A birthday is private unless its owner chooses to show it (Pleroma's show_birthday).
ALTER TABLE accounts ADD COLUMN show_birthday INTEGER NOT NULL DEFAULT 0;
`,
  },
  {
    version: 40,
    name: 'notification_targets_and_poll_ends',
    sql: `
-- A move notification names the account its sender moved to.
ALTER TABLE notifications ADD COLUMN target_account_id TEXT REFERENCES accounts (id) ON DELETE CASCADE;
-- When the poll-ended notifications of a poll were sent (once per poll).
ALTER TABLE polls ADD COLUMN ended_notified_at TEXT;
CREATE INDEX polls_unnotified_end ON polls (expires_at) WHERE ended_notified_at IS NULL;
`,
  },
  {
    version: 50,
    name: 'account_backups',
    sql: `
-- Account backups (Pleroma's /api/v1/pleroma/backups): a zip archive in the media folder.
CREATE TABLE account_backups (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  file_path TEXT NOT NULL,
  file_size INTEGER NOT NULL DEFAULT 0,
  processed INTEGER NOT NULL DEFAULT 0,
  processed_count INTEGER NOT NULL DEFAULT 0,
  state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'running', 'complete', 'failed')),
  inserted_at TEXT NOT NULL
);
CREATE INDEX account_backups_account ON account_backups (account_id, id);
`,
  },
  {
    version: 51,
    name: 'account_aliases',
    sql: `
-- Other accounts of the same person (also_known_as), as ap ids; managed with /api/pleroma/aliases.
ALTER TABLE accounts ADD COLUMN aliases_json TEXT NOT NULL DEFAULT '[]';
`,
  },
  {
    version: 52,
    name: 'push_subscriptions',
    sql: `
-- Web push subscriptions, one per OAuth token (revoking the token ends it).
CREATE TABLE push_subscriptions (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  token_id INTEGER NOT NULL UNIQUE REFERENCES oauth_tokens (id) ON DELETE CASCADE,
  endpoint TEXT NOT NULL,
  key_p256dh TEXT NOT NULL,
  key_auth TEXT NOT NULL,
  alerts_json TEXT NOT NULL DEFAULT '{}',
  created_at TEXT NOT NULL
);
`,
  },
  {
    version: 65,
    name: 'account_moved_to',
    sql: `
-- The account this one moved to (Pleroma's move_account; rendered as Mastodon's \`moved\`).
ALTER TABLE accounts ADD COLUMN moved_to_id TEXT REFERENCES accounts (id) ON DELETE SET NULL;
`,
  },
  {
    version: 75,
    name: 'scheduled_statuses',
    sql: `
-- Posts to be published later (Mastodon's ScheduledStatus); params_json holds the checked request.
CREATE TABLE scheduled_statuses (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  scheduled_at TEXT NOT NULL,
  params_json TEXT NOT NULL,
  idempotency_key TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX scheduled_statuses_due ON scheduled_statuses (scheduled_at);
CREATE INDEX scheduled_statuses_account ON scheduled_statuses (account_id, id);
-- Media waiting for a scheduled post: held so no other post takes them meanwhile.
CREATE TABLE scheduled_status_media (
  media_id TEXT PRIMARY KEY REFERENCES media_attachments (id) ON DELETE CASCADE,
  scheduled_status_id TEXT NOT NULL REFERENCES scheduled_statuses (id) ON DELETE CASCADE
);
CREATE INDEX scheduled_status_media_owner ON scheduled_status_media (scheduled_status_id);
`,
  },
  {
    version: 193,
    name: 'mfa_attempt_limits',
    sql: `
-- Wrong second-factor codes, against guessing: counted per pending sign-in (a few spend it) and
-- per account over a recent window (kept in the database so a restart does not reset them).
ALTER TABLE mfa_tokens ADD COLUMN failed_attempts INTEGER NOT NULL DEFAULT 0;
CREATE TABLE mfa_failures (
  account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  failed_at TEXT NOT NULL
);
CREATE INDEX mfa_failures_account ON mfa_failures (account_id, failed_at);
`,
  },
  {
    version: 194,
    name: 'follows_across_blocks',
    sql: `
-- Follows made across a block while the server still took them end now, as a block ends them:
-- with the blocker's posts in the blocked account's home feed (mentions stay), list places and
-- follow-request notifications.
DELETE FROM home_feed WHERE EXISTS (
  SELECT 1 FROM statuses s JOIN blocks b ON b.account_id = s.account_id AND b.target_id = home_feed.account_id
  WHERE s.id = home_feed.status_id
    AND NOT EXISTS (SELECT 1 FROM status_mentions m WHERE m.status_id = s.id AND m.account_id = home_feed.account_id));
DELETE FROM list_accounts WHERE EXISTS (
  SELECT 1 FROM lists l JOIN blocks b
    ON (b.account_id = l.account_id AND b.target_id = list_accounts.account_id)
    OR (b.account_id = list_accounts.account_id AND b.target_id = l.account_id)
  WHERE l.id = list_accounts.list_id);
DELETE FROM notifications WHERE type IN ('follow', 'follow_request') AND EXISTS (
  SELECT 1 FROM blocks b WHERE b.account_id = notifications.account_id AND b.target_id = notifications.from_account_id);
DELETE FROM follows WHERE EXISTS (
  SELECT 1 FROM blocks b
  WHERE (b.account_id = follows.followee_id AND b.target_id = follows.follower_id)
     OR (b.account_id = follows.follower_id AND b.target_id = follows.followee_id));
`,
  },
  {
    version: 195,
    name: 'chats',
    sql: `
-- Pleroma chats: one per pair of accounts (the pair kept in id order), touched by every message.
CREATE TABLE chats (
  id TEXT PRIMARY KEY,
  first_account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  second_account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  updated_at TEXT NOT NULL,
  CHECK (first_account_id <= second_account_id),
  UNIQUE (first_account_id, second_account_id)
);
CREATE INDEX chats_second_account ON chats (second_account_id);
-- A chat's messages. \`unread\` is the recipient's: a message is never unread for its author.
-- One uploaded attachment at most, held by the message (no status may take it).
CREATE TABLE chat_messages (
  id TEXT PRIMARY KEY,
  chat_id TEXT NOT NULL REFERENCES chats (id) ON DELETE CASCADE,
  account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  content_source TEXT,
  content_html TEXT,
  media_id TEXT UNIQUE REFERENCES media_attachments (id) ON DELETE SET NULL,
  unread INTEGER NOT NULL DEFAULT 1,
  idempotency_key TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX chat_messages_chat ON chat_messages (chat_id, id);
CREATE INDEX chat_messages_idempotency ON chat_messages (account_id, idempotency_key)
  WHERE idempotency_key IS NOT NULL;
-- pleroma:chat_mention notifications point at their message.
ALTER TABLE notifications ADD COLUMN chat_message_id TEXT REFERENCES chat_messages (id) ON DELETE CASCADE;
`,
  },
  {
    version: 196,
    name: 'shouts',
    sql: `
-- The shout box's last messages (Pleroma keeps them in its ShoutChannel state), so they survive
-- restarts; older ones are trimmed as new ones arrive.
CREATE TABLE shouts (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  text TEXT NOT NULL,
  created_at TEXT NOT NULL
);
`,
  },
  {
    version: 197,
    name: 'announcements',
    sql: `
-- Instance announcements (Pleroma's admin API, Mastodon's user side): the source text is kept and
-- formatted when rendered. Dates are ISO times or NULL (open-ended).
CREATE TABLE announcements (
  id TEXT PRIMARY KEY,
  content_source TEXT NOT NULL,
  starts_at TEXT,
  ends_at TEXT,
  all_day INTEGER NOT NULL DEFAULT 0,
  published_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
-- Who has dismissed (read) which announcement.
CREATE TABLE announcement_reads (
  announcement_id TEXT NOT NULL REFERENCES announcements (id) ON DELETE CASCADE,
  account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  PRIMARY KEY (announcement_id, account_id)
);
CREATE INDEX announcement_reads_account ON announcement_reads (account_id);
`,
  },
  {
    version: 198,
    name: 'registration',
    sql: `
-- Sign-up (issue 24): accounts waiting for an administrator's approval, and why they asked to join.
ALTER TABLE accounts ADD COLUMN is_approved INTEGER NOT NULL DEFAULT 1;
ALTER TABLE accounts ADD COLUMN registration_reason TEXT;
CREATE INDEX accounts_email ON accounts (lower(email)) WHERE email IS NOT NULL;
-- Invite links made by staff (Pleroma's user_invite_tokens): max_use NULL is unlimited uses,
-- expires_at NULL never expires (a date, YYYY-MM-DD, the last day the invite works).
CREATE TABLE invites (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  token TEXT NOT NULL UNIQUE,
  max_use INTEGER,
  uses INTEGER NOT NULL DEFAULT 0,
  expires_at TEXT,
  used INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL
);
-- Links sent by mail (account confirmation, password reset), kept only as hashes; each works once.
CREATE TABLE email_tokens (
  token_hash TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  purpose TEXT NOT NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  used_at TEXT
);
CREATE INDEX email_tokens_account ON email_tokens (account_id, purpose);
-- Captchas answered (rightly or not): each is good for one try. Rows go once the captcha expires.
CREATE TABLE used_captchas (
  token TEXT PRIMARY KEY,
  expires_at TEXT NOT NULL
);
`,
  },
];
