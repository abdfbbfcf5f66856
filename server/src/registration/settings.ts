/**
 * How the local instance lets people in, chosen when it starts (`npm start -- --registrations
 * approval --captcha none ...`, see main.ts) and announced truthfully in /api/v1/instance and
 * nodeinfo. The modes follow Pleroma's settings: `open` (registrations_open), `closed`, `invite`
 * (closed, but invite links work and invites_enabled is announced) and `approval` (open, with
 * account_approval_required).
 */

export const REGISTRATION_MODES = ['open', 'closed', 'invite', 'approval'] as const;
export type RegistrationMode = (typeof REGISTRATION_MODES)[number];

export const CAPTCHA_KINDS = ['native', 'none'] as const;
export type CaptchaKind = (typeof CAPTCHA_KINDS)[number];

export interface RateLimit {
  /** Requests allowed per window; the next one is answered 429. */
  max: number;
  windowMs: number;
}

export interface RegistrationLimits {
  /** POST /api/v1/accounts per address (Pleroma's app_account_creation: 25 an hour). */
  registrations: RateLimit;
  /** POST /auth/password per address and, separately, per e-mail address or nickname asked for. */
  passwordResets: RateLimit;
  /** Captcha images drawn per address. */
  captchas: RateLimit;
}

export const DEFAULT_LIMITS: RegistrationLimits = {
  registrations: { max: 25, windowMs: 60 * 60 * 1000 },
  passwordResets: { max: 5, windowMs: 10 * 60 * 1000 },
  captchas: { max: 60, windowMs: 60 * 1000 },
};

export interface RegistrationSettings {
  mode: RegistrationMode;
  captcha: CaptchaKind;
  /** New accounts confirm their e-mail address before they can sign in. */
  activationRequired: boolean;
  /** Days (as Pleroma counts birthday_min_age); above 0 a birthday is required and checked. */
  birthdayMinAge: number;
  /** The journeys' hooks under /api/starling/test (STARLING_TEST_HOOKS=1 only). */
  testHooks: boolean;
  limits: RegistrationLimits;
}

export const DEFAULT_REGISTRATION: RegistrationSettings = {
  mode: 'open',
  captcha: 'native',
  activationRequired: false,
  birthdayMinAge: 0,
  testHooks: false,
  limits: DEFAULT_LIMITS,
};

export function isRegistrationMode(value: unknown): value is RegistrationMode {
  return typeof value === 'string' && (REGISTRATION_MODES as readonly string[]).includes(value);
}

export function isCaptchaKind(value: unknown): value is CaptchaKind {
  return typeof value === 'string' && (CAPTCHA_KINDS as readonly string[]).includes(value);
}

/** Anyone may sign up (with approval, in `approval` mode). */
export const registrationsOpen = (s: RegistrationSettings) =>
  s.mode === 'open' || s.mode === 'approval';
export const invitesEnabled = (s: RegistrationSettings) => s.mode === 'invite';
export const approvalRequired = (s: RegistrationSettings) => s.mode === 'approval';
export const birthdayRequired = (s: RegistrationSettings) => s.birthdayMinAge > 0;

/** The environment variable that turns the journeys' test hooks on. */
export const TEST_HOOKS_VARIABLE = 'STARLING_TEST_HOOKS';

export function testHooksEnabled(env: NodeJS.ProcessEnv): boolean {
  return env[TEST_HOOKS_VARIABLE] === '1';
}
