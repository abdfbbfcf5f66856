import '../../i18n/parts/registration.ts';
import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type FormEvent,
  type ReactNode,
} from 'react';
import type { CaptchaChallenge } from '../../api/registration.ts';
import { t } from '../../i18n/index.ts';
import {
  birthdayMinDate,
  showsBirthday,
  trimDraft,
  validateRegistration,
  type RegistrationDraft,
  type RegistrationField,
  type ServerProblem,
  type ValidationProblem,
} from '../../lib/registration.ts';
import { Link } from '../../router/Link.tsx';
import type { ScreenProps } from '../../router/matchRoute.ts';
import { useInstance } from '../../state/instance.ts';
import { usePreferences } from '../../state/preferences.ts';
import { Button } from '../../ui/Button.tsx';
import { Select, TextField, textFieldClass } from '../../ui/FormControls.tsx';
import { RichContent } from '../../ui/RichContent.tsx';
import { goAfterLogin } from '../auth/afterLogin.ts';
import { loadCaptcha, register, type RegisteredReason } from './registrationFlow.ts';
import styles from './Registration.module.css';

/** The interface languages a new account can choose (English is the one bundled today). */
export const INTERFACE_LANGUAGES = ['en'] as const;

const EMPTY_DRAFT: RegistrationDraft = {
  username: '',
  fullname: '',
  email: '',
  bio: '',
  password: '',
  confirm: '',
  birthday: '',
  reason: '',
  captcha: '',
};

const SUCCESS_TEXT: Record<RegisteredReason, string> = {
  awaiting_approval: 'registration.awaiting_approval',
  missing_confirmed_email: 'registration.missing_confirmed_email',
  manual_login_required: 'registration.registered',
};

/** A YYYY-MM-DD date in words, in the browser's language ("May 5, 2010"). */
function dateInWords(date: string): string {
  try {
    return new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(`${date}T00:00:00Z`),
    );
  } catch {
    return date;
  }
}

const validationText = (problem: ValidationProblem) =>
  t(`registration.validations.${problem.rule}`, problem.date ? dateInWords(problem.date) : '');

interface TextOptions {
  type?: string;
  required?: boolean;
  autoComplete?: string;
  hint?: string;
  max?: string;
  /** Typed exactly (a name, a captcha): no capitals, no spelling fixes. */
  verbatim?: boolean;
}

interface FieldProps {
  id: string;
  label: string;
  required?: boolean;
  hint?: string;
  errors: string[];
  /** The control, given what it must be described by and whether it is invalid. */
  children(describedBy: string | undefined, invalid: boolean): ReactNode;
}

/** A labelled control with its hint and its errors, tied to it with aria-describedby. */
function Field({ id, label, required = false, hint, errors, children }: FieldProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy =
    [hint ? hintId : '', errors.length > 0 ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={styles.field}>
      {/* The mark stays outside the label: the field's name is the label alone, and the
          field itself says it is required. */}
      <span className={styles.labelRow}>
        <label htmlFor={id}>{label}</label>
        {required && (
          <span className={styles.required} aria-hidden="true">
            *
          </span>
        )}
      </span>
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      {children(describedBy, errors.length > 0)}
      {errors.length > 0 && (
        <ul id={errorId} className={styles.fieldErrors}>
          {errors.map((error) => (
            <li key={error}>{error}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * /registration and /registration/:token (spec part 1, §2 "Registration", §4, §5): the form with
 * the instance's requirements, a captcha unless its type is none, the terms of service; a new
 * account is signed in and sent home, or told what it waits for.
 */
export function RegistrationScreen({ match }: ScreenProps) {
  const inviteToken = match.route.name === 'registration-token' ? (match.params.token ?? '') : '';
  const config = useInstance((state) => state.config);
  const preferredLanguage = usePreferences((state) => state.interfaceLanguage);
  const id = useId();
  const [draft, setDraft] = useState<RegistrationDraft>(EMPTY_DRAFT);
  const [language, setLanguage] = useState<string>(() =>
    (INTERFACE_LANGUAGES as readonly string[]).includes(preferredLanguage)
      ? preferredLanguage
      : 'en',
  );
  /** null while it loads. */
  const [captcha, setCaptcha] = useState<CaptchaChallenge | null>(null);
  const [problems, setProblems] = useState<ServerProblem[]>([]);
  const [pending, setPending] = useState(false);
  const [registered, setRegistered] = useState<RegisteredReason | null>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const successRef = useRef<HTMLHeadingElement>(null);
  const [focusSummary, setFocusSummary] = useState(0);
  const captchaRequest = useRef(0);
  /** Set at once on submit, before the disabled button renders: a double click sends once. */
  const sending = useRef(false);

  /** Asks for a captcha; only the answer to the latest ask is kept. */
  const requestCaptcha = useCallback(() => {
    const request = ++captchaRequest.current;
    void loadCaptcha().then((loaded) => {
      if (request === captchaRequest.current) setCaptcha(loaded);
    });
  }, []);

  /** A new picture (asked for, or after a failed submit): the old answer goes with the old one. */
  const refreshCaptcha = () => {
    setCaptcha(null);
    setDraft((current) => ({ ...current, captcha: '' }));
    requestCaptcha();
  };

  useEffect(() => {
    requestCaptcha();
    return () => {
      // An answer arriving after the screen has gone is dropped.
      captchaRequest.current += 1;
    };
  }, [requestCaptcha]);

  // Focus moves in the commit that shows what it moves to (no moment on a removed field).
  useLayoutEffect(() => {
    if (focusSummary > 0) summaryRef.current?.focus();
  }, [focusSummary]);

  useLayoutEffect(() => {
    if (registered) successRef.current?.focus();
  }, [registered]);

  const birthdayShown = showsBirthday(config);
  const latestBirthday =
    config.birthdayMinAge > 0 ? birthdayMinDate(config.birthdayMinAge) : undefined;
  const imageCaptcha = captcha?.kind === 'image' ? captcha : null;

  const update = (field: RegistrationField) => (value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setProblems((current) =>
      current.some((problem) => problem.field === field)
        ? current.filter((problem) => problem.field !== field)
        : current,
    );
  };
  const errorsFor = (field: RegistrationField) =>
    problems.filter((problem) => problem.field === field).map((problem) => problem.text);
  const fieldId = (field: string) => `${id}-${field}`;

  const showProblems = (list: ServerProblem[]) => {
    setProblems(list);
    setFocusSummary((count) => count + 1);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (sending.current) return;
    const trimmed = trimDraft(draft);
    setDraft(trimmed);
    const invalid = validateRegistration(trimmed, {
      ...config,
      captchaNeedsAnswer: imageCaptcha !== null,
    });
    if (invalid.length > 0) {
      showProblems(
        invalid.map((problem) => ({ field: problem.field, text: validationText(problem) })),
      );
      return;
    }
    setProblems([]);
    sending.current = true;
    setPending(true);
    const outcome = await register({
      username: trimmed.username,
      fullname: trimmed.fullname,
      email: trimmed.email.trim(),
      bio: trimmed.bio,
      password: trimmed.password,
      confirm: trimmed.confirm,
      locale: language,
      birthday: birthdayShown ? trimmed.birthday : undefined,
      reason: config.accountApprovalRequired ? trimmed.reason.trim() : undefined,
      inviteToken: inviteToken || undefined,
      captcha: imageCaptcha
        ? {
            solution: trimmed.captcha.trim(),
            token: imageCaptcha.token,
            answerData: imageCaptcha.answerData,
          }
        : undefined,
    });
    sending.current = false;
    setPending(false);
    switch (outcome.kind) {
      case 'signedIn':
        goAfterLogin();
        return;
      case 'registered':
        setRegistered(outcome.reason);
        return;
      case 'rejected':
        showProblems(outcome.problems);
        refreshCaptcha();
        return;
      case 'failed':
        showProblems([{ field: null, text: t(outcome.messageKey) }]);
        refreshCaptcha();
    }
  }

  const headingId = `${id}-title`;
  if (registered) {
    return (
      <section className={styles.screen} aria-labelledby={headingId}>
        <h1 id={headingId} className={styles.title}>
          {t('registration.title')}
        </h1>
        <div className={styles.body} role="status">
          <h2 ref={successRef} tabIndex={-1} className={styles.success}>
            {t('registration.success_heading')}
          </h2>
          <p>{t(SUCCESS_TEXT[registered])}</p>
          <p>
            <Link to="/login">{t('registration.log_in')}</Link>
          </p>
        </div>
      </section>
    );
  }

  const text = (field: RegistrationField, label: string, options: TextOptions = {}) => (
    <Field
      id={fieldId(field)}
      label={label}
      required={options.required}
      hint={options.hint}
      errors={errorsFor(field)}
    >
      {(describedBy, invalid) => (
        <TextField
          id={fieldId(field)}
          name={field}
          type={options.type}
          value={draft[field]}
          onChange={(event) => update(field)(event.target.value)}
          autoComplete={options.autoComplete}
          autoCapitalize={options.verbatim ? 'off' : undefined}
          spellCheck={options.verbatim ? false : undefined}
          required={options.required}
          max={options.max}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
        />
      )}
    </Field>
  );

  const area = (field: 'bio' | 'reason', label: string, required: boolean, hint?: string) => (
    <Field
      id={fieldId(field)}
      label={label}
      required={required}
      hint={hint}
      errors={errorsFor(field)}
    >
      {(describedBy, invalid) => (
        <textarea
          id={fieldId(field)}
          name={field}
          className={textFieldClass}
          value={draft[field]}
          onChange={(event) => update(field)(event.target.value)}
          required={required}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
        />
      )}
    </Field>
  );

  return (
    <section className={styles.screen} aria-labelledby={headingId}>
      <h1 id={headingId} className={styles.title}>
        {t('registration.title')}
      </h1>
      <div className={styles.body}>
        <p>{t('registration.intro', config.name)}</p>
        <form
          className={styles.form}
          onSubmit={submit}
          noValidate
          aria-labelledby={headingId}
          aria-busy={pending}
        >
          <p className={styles.hint}>{t('registration.required_hint')}</p>
          {problems.length > 0 && (
            <div
              ref={summaryRef}
              className={styles.summary}
              tabIndex={-1}
              role="alert"
              aria-labelledby={`${id}-summary`}
            >
              <p id={`${id}-summary`}>{t('registration.errors_heading')}</p>
              <ul>
                {problems.map((problem, index) => (
                  <li key={`${index}-${problem.text}`}>{problem.text}</li>
                ))}
              </ul>
            </div>
          )}
          {inviteToken && (
            <Field id={fieldId('invite')} label={t('registration.invite')} errors={[]}>
              {() => <TextField id={fieldId('invite')} name="token" value={inviteToken} readOnly />}
            </Field>
          )}
          {text('username', t('registration.username'), {
            required: true,
            autoComplete: 'username',
            verbatim: true,
          })}
          {text('fullname', t('registration.fullname'), { required: true, autoComplete: 'name' })}
          {text(
            'email',
            config.accountActivationRequired
              ? t('registration.email')
              : t('registration.email_optional'),
            { type: 'email', required: config.accountActivationRequired, autoComplete: 'email' },
          )}
          {area('bio', t('registration.bio_optional'), false)}
          {text('password', t('registration.password'), {
            type: 'password',
            required: true,
            autoComplete: 'new-password',
          })}
          {text('confirm', t('registration.confirm'), {
            type: 'password',
            required: true,
            autoComplete: 'new-password',
          })}
          {birthdayShown &&
            text(
              'birthday',
              config.birthdayRequired
                ? t('registration.birthday')
                : t('registration.birthday_optional'),
              {
                type: 'date',
                required: config.birthdayRequired,
                autoComplete: 'bday',
                max: latestBirthday,
              },
            )}
          {config.accountApprovalRequired &&
            area('reason', t('registration.reason'), true, t('registration.reason_hint'))}
          <div className={styles.field}>
            <label htmlFor={fieldId('language')}>{t('registration.language')}</label>
            <Select
              id={fieldId('language')}
              name="locale"
              value={language}
              onChange={(event) => setLanguage(event.target.value)}
            >
              {INTERFACE_LANGUAGES.map((code) => (
                <option key={code} value={code}>
                  {t(`registration.languages.${code}`)}
                </option>
              ))}
            </Select>
          </div>
          {captcha === null && (
            <p className={styles.hint} role="status">
              {t('registration.captcha_loading')}
            </p>
          )}
          {imageCaptcha && (
            <fieldset className={styles.captcha}>
              <legend>{t('registration.captcha')}</legend>
              <img
                className={styles.captchaImage}
                src={imageCaptcha.url}
                alt={t('registration.captcha_image')}
              />
              <Button onClick={refreshCaptcha}>{t('registration.new_captcha')}</Button>
              {text('captcha', t('registration.captcha_answer'), {
                required: true,
                autoComplete: 'off',
                verbatim: true,
              })}
            </fieldset>
          )}
          {config.tos.trim() && (
            <section className={styles.terms} aria-label={t('registration.terms_of_service')}>
              <RichContent html={config.tos} />
            </section>
          )}
          {config.tos.trim() && <p className={styles.hint}>{t('registration.agreement')}</p>}
          <div className={styles.actions}>
            <Button type="submit" variant="primary" disabled={pending}>
              {pending ? t('registration.registering') : t('registration.register')}
            </Button>
          </div>
        </form>
      </div>
    </section>
  );
}
