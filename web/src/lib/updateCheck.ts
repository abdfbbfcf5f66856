/**
 * The update notice (issue 24): when the server serves a build of the client other than the one
 * running in this tab, a dismissible notice offers to reload. Each build publishes its id in
 * `static/build.json` and in a meta tag of its own index.html (scripts/buildId.ts); the running
 * tab compares the two when its window regains focus and every few minutes.
 */

/** Where a build publishes its id: under /static, which Pleroma and Akkoma serve from a frontend's folder. */
export const BUILD_INFO_FILE = 'static/build.json';
export const BUILD_INFO_URL = `/${BUILD_INFO_FILE}`;
/** The meta tag of index.html naming the build it belongs to. */
export const BUILD_META_NAME = 'starling-build';

/** A check every ten minutes while the page is visible... */
export const UPDATE_CHECK_INTERVAL_MS = 10 * 60 * 1000;
/** ...and when the window regains focus, but never within a minute of the last one. */
export const UPDATE_CHECK_MIN_GAP_MS = 60 * 1000;

/** A build id: the short hash scripts/buildId.ts writes (letters, digits, - and _). */
const BUILD_ID = /^[\w-]{1,64}$/;

export interface CheckMoment {
  /** When the last check started; null before the first. */
  lastCheckAt: number | null;
  now: number;
  /** The page is hidden (a background tab): nobody would see a notice. */
  hidden: boolean;
}

/**
 * Whether to ask the server for its build now. A hidden page is never checked; a visible one at
 * most once a minute, whatever asks (focus, the interval, both at once). A clock set back counts
 * as time passed.
 */
export function checkDue({ lastCheckAt, now, hidden }: CheckMoment): boolean {
  if (hidden) return false;
  if (lastCheckAt === null || now < lastCheckAt) return true;
  return now - lastCheckAt >= UPDATE_CHECK_MIN_GAP_MS;
}

/** The build id in a build.json answer, or null when the answer is not one. */
export function servedBuildId(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const build = (body as { build?: unknown }).build;
  return typeof build === 'string' && BUILD_ID.test(build) ? build : null;
}

/** The running build's id, as its index.html names it; null where there is none (development). */
export function runningBuildId(content: string | null | undefined): string | null {
  return content && BUILD_ID.test(content) ? content : null;
}

export interface NoticeInput {
  /** The build running in this tab. */
  running: string | null;
  /** The build the server serves now (null until a check has answered). */
  served: string | null;
  /** The build whose notice the user dismissed in this tab. */
  dismissed: string | null;
  /** The user's preference (settings store: simple.dontShowUpdateNotifs). */
  dontShow: boolean;
}

/**
 * Whether the notice shows: the server serves another build than the running one, the user has
 * not dismissed the notice for that build, and has not turned update notices off. A build other
 * than the running one is the newer one: the server serves what is current.
 */
export function showUpdateNotice({ running, served, dismissed, dontShow }: NoticeInput): boolean {
  if (dontShow || running === null || served === null) return false;
  return served !== running && served !== dismissed;
}
