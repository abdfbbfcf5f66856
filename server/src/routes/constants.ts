/** Named limits and lifetimes of the local instance, in one place. */

export const PLEROMA_VERSION = '2.7.0+starling';
export const API_VERSION = `2.7.2 (compatible; Pleroma ${PLEROMA_VERSION})`;
/** The version the `mastodon` flavour reports (a current Mastodon release line). */
export const MASTODON_VERSION = '4.2.10';
export const SOURCE_URL = 'https://github.com/starling-client/starling';
/** Largest image (width × height) the instance accepts for processing. */
export const IMAGE_MATRIX_LIMIT = 33_177_600;
export const INSTANCE_TITLE = 'Starling local';
export const INSTANCE_DESCRIPTION =
  'A Starling local instance: a small, real Pleroma-compatible server on your machine.';
export const INSTANCE_EMAIL = 'admin@starling.local';

export const PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 40;
export const MAX_NOTIFICATION_PAGE_SIZE = 80;

/** Pleroma's default :oauth2 token_expires_in is 100 years; we keep one year. */
export const TOKEN_LIFETIME_SECONDS = 365 * 24 * 3600;
export const AUTHORIZATION_CODE_LIFETIME_SECONDS = 10 * 60;
export const MFA_TOKEN_LIFETIME_SECONDS = 10 * 60;

export const MAX_STATUS_CHARS = 5000;
export const MAX_MEDIA_ATTACHMENTS = 1000;
/** Characters in a media description; PUT/POST /api/v1/media enforce it, the instance advertises it. */
export const DESCRIPTION_LIMIT = 1500;
export const CHAT_LIMIT = 5000;
export const SHOUT_LIMIT = 5000;
export const UPLOAD_LIMIT = 16_000_000;
export const AVATAR_UPLOAD_LIMIT = 2_000_000;
export const BACKGROUND_UPLOAD_LIMIT = 4_000_000;
export const BANNER_UPLOAD_LIMIT = 4_000_000;
export const POLL_LIMITS = {
  max_options: 20,
  max_option_chars: 200,
  min_expiration: 0,
  max_expiration: 31_536_000,
} as const;
export const FIELDS_LIMITS = {
  max_fields: 10,
  max_remote_fields: 20,
  name_length: 512,
  value_length: 2048,
} as const;
export const MAX_DISPLAY_NAME_CHARS = 100;
export const MAX_BIO_CHARS = 5000;
/** Each frontend's entry in the Pleroma settings store, as JSON; larger is a 413. */
export const SETTINGS_STORE_FRONTEND_BYTES = 256 * 1024;
/** The whole settings store, every frontend together. */
export const SETTINGS_STORE_TOTAL_BYTES = 1024 * 1024;
/** Objects and arrays nested in one frontend's settings; deeper is a 422. */
export const SETTINGS_STORE_MAX_DEPTH = 64;
