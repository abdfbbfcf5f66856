// Small account-area answers: registration captcha, MFA status, follow suggestions.
import type { Account, Captcha, MfaSettings, Suggestion } from '../types.ts';
import { AccountSchema } from './account.ts';
import {
  block,
  bool,
  entitySchema,
  nnum,
  nstr,
  obj,
  opt,
  reject,
  required,
  str,
  type Schema,
} from './fields.ts';
import { makeListParser, makeParser } from './parse.ts';

const captchaRaw = obj('Captcha', {
  type: str(),
  token: opt(nstr()),
  url: opt(nstr()),
  answer_data: opt(nstr()),
  seconds_valid: opt(nnum()),
});

/** GET /api/v1/pleroma/captcha: only `type` is guaranteed. */
export const CaptchaSchema = entitySchema(captchaRaw, (r, ctx): Captcha => {
  if (!r.type) return reject(ctx, 'captcha without type');
  return {
    type: r.type,
    token: r.token,
    url: r.url,
    answerData: r.answer_data,
    secondsValid: r.seconds_valid,
  };
});

export const parseCaptcha = makeParser('Captcha', CaptchaSchema);

const mfaRaw = obj('MfaSettings', { settings: block({ enabled: bool(), totp: bool() }) });

/** GET /api/pleroma/accounts/mfa (Pleroma prints `enabled` as a string). */
export const parseMfaSettings = makeParser(
  'MfaSettings',
  entitySchema(mfaRaw, (r): MfaSettings => ({
    enabled: r.settings.enabled,
    totp: r.settings.totp,
  })),
);

const suggestionRaw = obj('Suggestion', {
  source: opt(str('global')),
  account: required((): Schema<Account> => AccountSchema),
});

export const SuggestionSchema = entitySchema(suggestionRaw, (r): Suggestion => ({
  source: r.source,
  account: r.account,
}));

export const parseSuggestionList = makeListParser('Suggestion', SuggestionSchema);
