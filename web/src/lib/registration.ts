/**
 * Registration rules (spec part 1, §5 "Registration"): what is checked before the form is sent,
 * the latest birthday the instance's minimum age allows, and the server's complaints as sentences.
 */

/** The form's fields, in the order the form shows them. */
export const REGISTRATION_FIELDS = [
  'username',
  'fullname',
  'email',
  'bio',
  'password',
  'confirm',
  'birthday',
  'reason',
  'captcha',
] as const;
export type RegistrationField = (typeof REGISTRATION_FIELDS)[number];

export interface RegistrationDraft {
  username: string;
  fullname: string;
  email: string;
  bio: string;
  password: string;
  confirm: string;
  /** YYYY-MM-DD, or '' when not given. */
  birthday: string;
  reason: string;
  /** The answer typed for the captcha. */
  captcha: string;
}

/** What the instance asks of a new account (its configuration) and whether a captcha is shown. */
export interface RegistrationRules {
  accountActivationRequired: boolean;
  accountApprovalRequired: boolean;
  birthdayRequired: boolean;
  /** In days, as Pleroma counts it; 0: none. */
  birthdayMinAge: number;
  /** A captcha that needs an answer is shown (types native and kocaptcha). */
  captchaNeedsAnswer: boolean;
}

/** The i18n key of each rule is `registration.validations.<rule>`. */
export type ValidationRule =
  | 'username_required'
  | 'fullname_required'
  | 'email_required'
  | 'password_required'
  | 'password_confirmation_required'
  | 'password_confirmation_match'
  | 'birthday_required'
  | 'birthday_min_age'
  | 'reason_required'
  | 'captcha_required';

export interface ValidationProblem {
  field: RegistrationField;
  rule: ValidationRule;
  /** birthday_min_age: the latest birthday allowed (YYYY-MM-DD). */
  date?: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The latest birthday allowed: today (UTC, as the server counts) minus the minimum age in days,
 * as YYYY-MM-DD.
 */
export function birthdayMinDate(minAgeDays: number, now: Date = new Date()): string {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return new Date(today - Math.max(0, minAgeDays) * DAY_MS).toISOString().slice(0, 10);
}

/** The birthday field is shown when the instance requires one or names a minimum age. */
export const showsBirthday = (
  rules: Pick<RegistrationRules, 'birthdayRequired' | 'birthdayMinAge'>,
) => rules.birthdayRequired || rules.birthdayMinAge > 0;

/** Username and full name are sent trimmed; the rest as typed. */
export function trimDraft(draft: RegistrationDraft): RegistrationDraft {
  return { ...draft, username: draft.username.trim(), fullname: draft.fullname.trim() };
}

const blank = (value: string) => value.trim() === '';

/**
 * Every problem of the draft, in the form's order; none means it may be sent. A birthday given
 * is checked against the minimum age even where it is optional.
 */
export function validateRegistration(
  draft: RegistrationDraft,
  rules: RegistrationRules,
  now: Date = new Date(),
): ValidationProblem[] {
  const problems: ValidationProblem[] = [];
  const add = (field: RegistrationField, rule: ValidationRule, date?: string) =>
    problems.push(date === undefined ? { field, rule } : { field, rule, date });

  if (blank(draft.username)) add('username', 'username_required');
  if (blank(draft.fullname)) add('fullname', 'fullname_required');
  if (rules.accountActivationRequired && blank(draft.email)) add('email', 'email_required');
  if (draft.password === '') add('password', 'password_required');
  if (draft.confirm === '') add('confirm', 'password_confirmation_required');
  else if (draft.confirm !== draft.password) add('confirm', 'password_confirmation_match');
  if (draft.birthday === '') {
    if (rules.birthdayRequired) add('birthday', 'birthday_required');
  } else if (rules.birthdayMinAge > 0) {
    const latest = birthdayMinDate(rules.birthdayMinAge, now);
    if (draft.birthday > latest) add('birthday', 'birthday_min_age', latest);
  }
  if (rules.accountApprovalRequired && blank(draft.reason)) add('reason', 'reason_required');
  if (rules.captchaNeedsAnswer && blank(draft.captcha)) add('captcha', 'captcha_required');
  return problems;
}

/** The server's names for the form's fields (Pleroma's and Mastodon's). */
const SERVER_FIELDS: Readonly<Record<string, RegistrationField>> = {
  username: 'username',
  nickname: 'username',
  ap_id: 'username',
  fullname: 'fullname',
  name: 'fullname',
  display_name: 'fullname',
  email: 'email',
  bio: 'bio',
  note: 'bio',
  password: 'password',
  confirm: 'confirm',
  password_confirmation: 'confirm',
  birthday: 'birthday',
  date_of_birth: 'birthday',
  reason: 'reason',
  captcha: 'captcha',
  captcha_solution: 'captcha',
};

/** An actor-id field is shown as username (spec part 1, §5). */
const SHOWN_AS: Readonly<Record<string, string>> = { ap_id: 'username' };

/** "email", "can't be blank" → "Email can't be blank": underscores to spaces, capitalised. */
export function serverErrorSentence(field: string, message: string): string {
  const words = (SHOWN_AS[field] ?? field).replace(/_/g, ' ').trim();
  const name = words.charAt(0).toUpperCase() + words.slice(1);
  return name ? `${name} ${message}` : message;
}

export interface ServerProblem {
  /** The form field it is about, when the form has one. */
  field: RegistrationField | null;
  text: string;
}

/** The server's complaints, one sentence each, tied to the form's fields where they exist. */
export function renderServerErrors(
  errors: readonly { field: string | null; messages: readonly string[] }[],
): ServerProblem[] {
  return errors.flatMap(({ field, messages }) =>
    messages.map((message) => ({
      field: field === null ? null : (SERVER_FIELDS[field] ?? null),
      text: field === null ? message : serverErrorSentence(field, message),
    })),
  );
}
