import { describe, expect, it } from 'vitest';
import {
  birthdayMinDate,
  renderServerErrors,
  serverErrorSentence,
  showsBirthday,
  trimDraft,
  validateRegistration,
  type RegistrationDraft,
  type RegistrationRules,
} from './registration.ts';

const NOW = new Date('2026-03-15T10:00:00Z');

const COMPLETE: RegistrationDraft = {
  username: 'wren',
  fullname: 'Wren',
  email: '',
  bio: '',
  password: 'secret',
  confirm: 'secret',
  birthday: '',
  reason: '',
  captcha: '',
};

const OPEN: RegistrationRules = {
  accountActivationRequired: false,
  accountApprovalRequired: false,
  birthdayRequired: false,
  birthdayMinAge: 0,
  captchaNeedsAnswer: false,
};

const rulesBroken = (draft: Partial<RegistrationDraft>, rules: Partial<RegistrationRules> = {}) =>
  validateRegistration({ ...COMPLETE, ...draft }, { ...OPEN, ...rules }, NOW).map(
    (problem) => `${problem.field}:${problem.rule}`,
  );

describe('validateRegistration', () => {
  it('lets a complete form through on an open instance (email, bio and birthday optional)', () => {
    expect(rulesBroken({})).toEqual([]);
  });

  it('asks for a username, a full name, a password and its confirmation', () => {
    expect(rulesBroken({ username: '', fullname: '', password: '', confirm: '' })).toEqual([
      'username:username_required',
      'fullname:fullname_required',
      'password:password_required',
      'confirm:password_confirmation_required',
    ]);
  });

  it('reads a username or full name of spaces only as left blank', () => {
    expect(rulesBroken({ username: '   ', fullname: '\t' })).toEqual([
      'username:username_required',
      'fullname:fullname_required',
    ]);
  });

  it('wants the confirmation to be the same as the password', () => {
    expect(rulesBroken({ confirm: 'secreT' })).toEqual(['confirm:password_confirmation_match']);
    // A password of spaces is a password; only the very same confirmation passes.
    expect(rulesBroken({ password: '  ', confirm: '  ' })).toEqual([]);
  });

  it('asks for an email only when the instance requires account activation', () => {
    expect(rulesBroken({ email: '' })).toEqual([]);
    expect(rulesBroken({ email: ' ' }, { accountActivationRequired: true })).toEqual([
      'email:email_required',
    ]);
    expect(
      rulesBroken({ email: 'wren@example.test' }, { accountActivationRequired: true }),
    ).toEqual([]);
  });

  it('asks for a birthday only when the instance requires one', () => {
    expect(rulesBroken({ birthday: '' })).toEqual([]);
    expect(rulesBroken({ birthday: '' }, { birthdayRequired: true })).toEqual([
      'birthday:birthday_required',
    ]);
    expect(rulesBroken({ birthday: '1990-01-01' }, { birthdayRequired: true })).toEqual([]);
  });

  it('wants a birthday on or before today minus the minimum age, and names that date', () => {
    const rules = { birthdayRequired: true, birthdayMinAge: 10 };
    expect(rulesBroken({ birthday: '2026-03-05' }, rules)).toEqual([]);
    expect(rulesBroken({ birthday: '2026-03-06' }, rules)).toEqual(['birthday:birthday_min_age']);
    const [problem] = validateRegistration(
      { ...COMPLETE, birthday: '2026-03-06' },
      { ...OPEN, ...rules },
      NOW,
    );
    expect(problem?.date).toBe('2026-03-05');
    // Given where it is optional, it still has to meet the instance's minimum age.
    expect(rulesBroken({ birthday: '2026-03-14' }, { birthdayMinAge: 10 })).toEqual([
      'birthday:birthday_min_age',
    ]);
    expect(rulesBroken({ birthday: '2026-03-14' })).toEqual([]);
  });

  it('asks for a reason only when the instance approves accounts', () => {
    expect(rulesBroken({ reason: '' })).toEqual([]);
    expect(rulesBroken({ reason: '  ' }, { accountApprovalRequired: true })).toEqual([
      'reason:reason_required',
    ]);
    expect(rulesBroken({ reason: 'I watch birds' }, { accountApprovalRequired: true })).toEqual([]);
  });

  it('asks for the captcha answer only when a captcha that needs one is shown', () => {
    expect(rulesBroken({ captcha: '' })).toEqual([]);
    expect(rulesBroken({ captcha: '' }, { captchaNeedsAnswer: true })).toEqual([
      'captcha:captcha_required',
    ]);
    expect(rulesBroken({ captcha: 'x7k2' }, { captchaNeedsAnswer: true })).toEqual([]);
  });

  it("lists every problem in the form's order", () => {
    const all = {
      accountActivationRequired: true,
      accountApprovalRequired: true,
      birthdayRequired: true,
      captchaNeedsAnswer: true,
    };
    expect(rulesBroken({ ...COMPLETE, username: '', confirm: 'other' }, all)).toEqual([
      'username:username_required',
      'email:email_required',
      'confirm:password_confirmation_match',
      'birthday:birthday_required',
      'reason:reason_required',
      'captcha:captcha_required',
    ]);
  });
});

describe('trimDraft', () => {
  it('trims the username and the full name and nothing else', () => {
    const trimmed = trimDraft({
      ...COMPLETE,
      username: ' wren ',
      fullname: ' Wren ',
      password: ' p ',
    });
    expect(trimmed.username).toBe('wren');
    expect(trimmed.fullname).toBe('Wren');
    expect(trimmed.password).toBe(' p ');
  });
});

describe('birthdayMinDate', () => {
  it('counts the minimum age in days back from today (UTC)', () => {
    expect(birthdayMinDate(0, NOW)).toBe('2026-03-15');
    expect(birthdayMinDate(1, NOW)).toBe('2026-03-14');
    expect(birthdayMinDate(365 * 13 + 4, NOW)).toBe('2013-03-14');
  });

  it('takes today as the server does, in UTC, late in the evening west of Greenwich', () => {
    expect(birthdayMinDate(1, new Date('2026-03-15T23:30:00-05:00'))).toBe('2026-03-15');
  });
});

describe('showsBirthday', () => {
  it('shows the field when the instance requires a birthday or names a minimum age', () => {
    expect(showsBirthday({ birthdayRequired: false, birthdayMinAge: 0 })).toBe(false);
    expect(showsBirthday({ birthdayRequired: true, birthdayMinAge: 0 })).toBe(true);
    expect(showsBirthday({ birthdayRequired: false, birthdayMinAge: 4745 })).toBe(true);
  });
});

describe('server errors', () => {
  it('read as sentences: underscores to spaces, capitalised, then the message', () => {
    expect(serverErrorSentence('email', "can't be blank")).toBe("Email can't be blank");
    expect(serverErrorSentence('password_confirmation', 'does not match')).toBe(
      'Password confirmation does not match',
    );
  });

  it('show an actor-id field as username', () => {
    expect(serverErrorSentence('ap_id', 'has already been taken')).toBe(
      'Username has already been taken',
    );
  });

  it('are tied to the form field they are about, or to none', () => {
    expect(
      renderServerErrors([
        { field: 'nickname', messages: ['has already been taken'] },
        { field: 'ap_id', messages: ['has already been taken'] },
        { field: 'email', messages: ["can't be blank", 'has invalid format'] },
        { field: 'date_of_birth', messages: ['is too recent'] },
        { field: 'captcha', messages: ['Invalid CAPTCHA'] },
        { field: 'agreement', messages: ['must be accepted'] },
        { field: null, messages: ['Registrations are closed'] },
      ]),
    ).toEqual([
      { field: 'username', text: 'Nickname has already been taken' },
      { field: 'username', text: 'Username has already been taken' },
      { field: 'email', text: "Email can't be blank" },
      { field: 'email', text: 'Email has invalid format' },
      { field: 'birthday', text: 'Date of birth is too recent' },
      { field: 'captcha', text: 'Captcha Invalid CAPTCHA' },
      { field: null, text: 'Agreement must be accepted' },
      { field: null, text: 'Registrations are closed' },
    ]);
  });
});
