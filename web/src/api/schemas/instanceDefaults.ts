/**
 * The limits assumed while a server has named none. Apart from the instance schemas so that the
 * instance store, on the start-up path, takes these two numbers without the schemas, which travel
 * with the start-up loader's chunk (app/boot).
 */

/** Used when a server names no text limit (spec part 2, §9). */
export const DEFAULT_MAX_STATUS_CHARS = 5000;
/** Used when a server names no other limit (Mastodon's defaults). */
export const DEFAULT_MAX_MEDIA_ATTACHMENTS = 4;
