import '../../i18n/parts/settings.ts';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  addAlias,
  listAliases,
  removeAlias,
  backupCodes,
  changeEmail,
  changePassword,
  confirmTotp,
  disableTotp,
  listOAuthTokens,
  mfaEnabled,
  revokeOAuthToken,
  setupTotp,
  type OAuthToken,
  type TotpSetup,
} from '../../api/security.ts';
import { api } from '../../app/apiClient.ts';
import { t } from '../../i18n/index.ts';
import { Button } from '../../ui/Button.tsx';
import { TextField } from '../../ui/FormControls.tsx';
import { DeleteAccount } from './DeleteAccount.tsx';
import { errorText } from './errorText.ts';
import { MoveAccount } from './MoveAccount.tsx';
import { CurrentPasswordField, Field, OutcomeLine, Section } from './SecurityParts.tsx';
import styles from './Settings.module.css';
import { useFormOutcome } from './useFormOutcome.ts';

function ChangeEmail() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const form = useFormOutcome();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void form.submit({
      send: () => changeEmail(api, password, email),
      onDone: () => setPassword(''),
      doneText: t('settings.security.email_changed'),
    });
  };
  return (
    <Section title={t('settings.security.change_email')}>
      <form onSubmit={submit}>
        <Field
          label={t('settings.security.new_email')}
          type="email"
          value={email}
          onChange={setEmail}
          autoComplete="email"
        />
        <CurrentPasswordField value={password} onChange={setPassword} />
        <div className={styles.actions}>
          <Button type="submit" variant="primary" disabled={!email || !password}>
            {t('settings.security.change_email')}
          </Button>
          <OutcomeLine outcome={form.outcome} />
        </div>
      </form>
    </Section>
  );
}

function ChangePassword() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const form = useFormOutcome();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (next !== confirmation) {
      form.setOutcome({ ok: false, text: t('settings.security.passwords_differ') });
      return;
    }
    void form.submit({
      send: () => changePassword(api, current, next, confirmation),
      onDone: () => {
        setCurrent('');
        setNext('');
        setConfirmation('');
      },
      doneText: t('settings.security.password_changed'),
    });
  };
  return (
    <Section title={t('settings.security.change_password')}>
      <form onSubmit={submit}>
        <CurrentPasswordField value={current} onChange={setCurrent} />
        <Field
          label={t('settings.security.new_password')}
          type="password"
          value={next}
          onChange={setNext}
          autoComplete="new-password"
        />
        <Field
          label={t('settings.security.confirm_password')}
          type="password"
          value={confirmation}
          onChange={setConfirmation}
          autoComplete="new-password"
        />
        <div className={styles.actions}>
          <Button type="submit" variant="primary" disabled={!current || !next}>
            {t('settings.security.change_password')}
          </Button>
          <OutcomeLine outcome={form.outcome} />
        </div>
      </form>
    </Section>
  );
}

type TwoFactorState =
  | { step: 'loading' }
  | { step: 'disabled' }
  | { step: 'setup'; setup: TotpSetup; qr: string | null }
  | { step: 'enabled'; codes: string[] };

function BackupCodes({ codes }: { codes: string[] }) {
  if (codes.length === 0) return null;
  return (
    <div>
      <p className={styles.hint}>{t('settings.security.backup_codes_hint')}</p>
      <ul className={styles.list} aria-label={t('settings.security.backup_codes')}>
        {codes.map((code) => (
          <li key={code} className={styles.code}>
            {code}
          </li>
        ))}
      </ul>
    </div>
  );
}

function TwoFactor() {
  const [state, setState] = useState<TwoFactorState>({ step: 'loading' });
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const { outcome, setOutcome, submit, fail } = useFormOutcome();
  const heading = useRef<HTMLHeadingElement>(null);
  // Each step replaces the form the focus was in: keep the focus in the section.
  const step = state.step;
  const lastStep = useRef(step);
  useEffect(() => {
    if (lastStep.current !== step && lastStep.current !== 'loading') heading.current?.focus();
    lastStep.current = step;
  }, [step]);

  useEffect(() => {
    mfaEnabled(api).then(
      (enabled) => setState(enabled ? { step: 'enabled', codes: [] } : { step: 'disabled' }),
      (error: unknown) => {
        setState({ step: 'disabled' });
        fail(error);
      },
    );
    // Asked once per visit of the tab.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const start = () => {
    setOutcome(null);
    setupTotp(api).then(async (setup) => {
      setState({ step: 'setup', setup, qr: null });
      const QRCode = (await import('qrcode')).default;
      const qr = await QRCode.toDataURL(setup.provisioningUri, { margin: 1, width: 200 });
      setState((current) => (current.step === 'setup' ? { ...current, qr } : current));
    }, fail);
  };

  const confirm = (event: FormEvent) => {
    event.preventDefault();
    void submit({
      send: () => confirmTotp(api, password, code.replace(/\s/g, '')).then(() => backupCodes(api)),
      onDone: (codes) => {
        setCode('');
        setPassword('');
        setState({ step: 'enabled', codes });
      },
      doneText: t('settings.security.totp_enabled'),
    });
  };

  const disable = (event: FormEvent) => {
    event.preventDefault();
    void submit({
      send: () => disableTotp(api, password),
      onDone: () => {
        setPassword('');
        setState({ step: 'disabled' });
      },
      doneText: t('settings.security.totp_disabled'),
    });
  };

  const regenerate = () =>
    backupCodes(api).then((codes) => setState({ step: 'enabled', codes }), fail);

  return (
    <Section title={t('settings.security.two_factor')} headingRef={heading}>
      {state.step === 'loading' && <p>{t('modals.loading')}</p>}
      {state.step === 'disabled' && (
        <>
          <p>{t('settings.security.totp_off')}</p>
          <Button variant="primary" onClick={start}>
            {t('settings.security.setup_totp')}
          </Button>
        </>
      )}
      {state.step === 'setup' && (
        <form onSubmit={confirm}>
          <p>{t('settings.security.scan_qr')}</p>
          {state.qr && (
            <img src={state.qr} alt={t('settings.security.qr_alt')} width={200} height={200} />
          )}
          <p>
            {t('settings.security.or_key')}{' '}
            <code className={styles.code} data-testid="totp-key">
              {state.setup.key}
            </code>
          </p>
          <Field
            label={t('settings.security.verify_code')}
            type="text"
            value={code}
            onChange={setCode}
            autoComplete="one-time-code"
          />
          <CurrentPasswordField value={password} onChange={setPassword} />
          <div className={styles.actions}>
            <Button type="submit" variant="primary" disabled={!code || !password}>
              {t('settings.security.confirm_totp')}
            </Button>
            <Button onClick={() => setState({ step: 'disabled' })}>{t('settings.cancel')}</Button>
          </div>
        </form>
      )}
      {state.step === 'enabled' && (
        <>
          <p>{t('settings.security.totp_on')}</p>
          <BackupCodes codes={state.codes} />
          <Button onClick={regenerate}>{t('settings.security.new_backup_codes')}</Button>
          <form onSubmit={disable}>
            <CurrentPasswordField value={password} onChange={setPassword} />
            <Button type="submit" variant="danger" disabled={!password}>
              {t('settings.security.disable_totp')}
            </Button>
          </form>
        </>
      )}
      <OutcomeLine outcome={outcome} />
    </Section>
  );
}

function Sessions() {
  const [tokens, setTokens] = useState<OAuthToken[] | null>(null);
  const { outcome, fail } = useFormOutcome();
  useEffect(() => {
    listOAuthTokens(api).then(setTokens, (error: unknown) => {
      setTokens([]);
      fail(error);
    });
    // Loaded once per visit of the tab.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const revoke = (token: OAuthToken) =>
    revokeOAuthToken(api, token.id).then((removed) => {
      if (removed) setTokens((list) => list?.filter((item) => item.id !== token.id) ?? null);
    }, fail);
  return (
    <Section title={t('settings.security.sessions')}>
      {tokens === null ? (
        <p>{t('modals.loading')}</p>
      ) : (
        <ul className={styles.list} aria-label={t('settings.security.sessions')}>
          {tokens.map((token) => (
            <li key={token.id}>
              <span>
                {token.appName}{' '}
                <span className={styles.hint}>
                  {t('settings.security.valid_until', token.validUntil.slice(0, 10))}
                </span>
              </span>
              <Button
                compact
                aria-label={t('settings.security.revoke_named', token.appName, token.id)}
                onClick={() => void revoke(token)}
              >
                {t('settings.security.revoke')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <OutcomeLine outcome={outcome} />
    </Section>
  );
}

/** An ap id (https://host/users/name) read as the handle the user typed (name@host). */
function aliasHandle(apId: string): string {
  try {
    const url = new URL(apId);
    const name = url.pathname.split('/').filter(Boolean).at(-1) ?? apId;
    return `${name}@${url.host}`;
  } catch {
    return apId;
  }
}

function Aliases() {
  const inputId = useId();
  const [aliases, setAliases] = useState<string[] | null>(null);
  const [alias, setAlias] = useState('');
  const { outcome, setOutcome, submit, fail } = useFormOutcome();
  const reload = () =>
    listAliases(api).then(setAliases, (error: unknown) => {
      setAliases([]);
      setOutcome({ ok: false, text: t('settings.security.alias_list_error', errorText(error)) });
    });
  useEffect(() => {
    void reload();
    // Loaded once per visit of the tab.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const add = (event: FormEvent) => {
    event.preventDefault();
    void submit({
      send: () => addAlias(api, alias.trim()),
      onDone: () => {
        setAlias('');
        void reload();
      },
      failureText: (reason) => t('settings.security.alias_add_error', reason),
    });
  };
  const remove = (apId: string) =>
    removeAlias(api, aliasHandle(apId)).then(
      () => setAliases((list) => list?.filter((item) => item !== apId) ?? null),
      fail,
    );
  const title = t('settings.security.aliases');
  return (
    <Section title={title}>
      <p className={styles.hint}>{t('settings.security.aliases_hint')}</p>
      {aliases && aliases.length > 0 && (
        <ul className={styles.list} aria-label={title}>
          {aliases.map((apId) => (
            <li key={apId}>
              <span>{aliasHandle(apId)}</span>
              <Button
                compact
                aria-label={t('settings.security.remove_alias', aliasHandle(apId))}
                onClick={() => void remove(apId)}
              >
                {t('settings.security.remove')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form className={styles.row} onSubmit={add}>
        <label htmlFor={inputId}>{t('settings.security.alias')}</label>
        <TextField
          id={inputId}
          placeholder="name@example.org"
          value={alias}
          onChange={(event) => setAlias(event.target.value)}
        />
        <Button type="submit" disabled={!alias.trim()}>
          {t('settings.security.add_alias')}
        </Button>
      </form>
      <OutcomeLine outcome={outcome} />
    </Section>
  );
}

/** Security: email, password, two-factor, sessions, aliases, moving and deleting the account. */
export function SecuritySettings() {
  return (
    <div className={styles.page}>
      <ChangeEmail />
      <ChangePassword />
      <TwoFactor />
      <Sessions />
      <Aliases />
      <MoveAccount />
      <DeleteAccount />
    </div>
  );
}

export default SecuritySettings;
