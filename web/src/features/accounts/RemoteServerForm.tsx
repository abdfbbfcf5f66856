import '../../i18n/parts/accounts.ts';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { t } from '../../i18n/index.ts';
import type { Reload } from './accountStore.ts';
import { startRemoteSignIn, type RemoteStartProblem } from './remoteSignIn.ts';
import styles from '../auth/Auth.module.css';

const PROBLEM_KEYS: Record<RemoteStartProblem['kind'], string> = {
  invalid: 'accounts.server_invalid',
  this_server: 'accounts.server_is_this',
  unreachable: 'accounts.server_unreachable',
  refused: 'accounts.server_refused',
};

/**
 * "Add an account on another server" (issue 26): the server's address, then that server's own
 * sign-in page. A lazy chunk, loaded only when the person asks for it.
 */
export function RemoteServerForm({ go }: { go?: Reload }) {
  const id = useId();
  const [address, setAddress] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<RemoteStartProblem | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => inputRef.current?.focus(), []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setProblem(null);
    const found = await startRemoteSignIn(address, go);
    // On success the browser is leaving for the other server: the form stays busy.
    if (!found) return;
    setBusy(false);
    setProblem(found);
    inputRef.current?.focus();
  }

  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <form
      className={styles.form}
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      <h3 id={`${id}-title`} className={styles.hint}>
        {t('accounts.elsewhere_title')}
      </h3>
      <div className={styles.field}>
        <label htmlFor={`${id}-server`}>{t('accounts.server_address')}</label>
        <input
          id={`${id}-server`}
          ref={inputRef}
          name="server"
          value={address}
          onChange={(event) => setAddress(event.target.value)}
          inputMode="url"
          autoComplete="url"
          autoCapitalize="off"
          spellCheck={false}
          required
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${hintId} ${errorId}` : hintId}
        />
        <p id={hintId} className={styles.hint}>
          {t('accounts.server_hint')}
        </p>
        {problem && (
          <p id={errorId} role="alert">
            {t(PROBLEM_KEYS[problem.kind], problem.kind === 'refused' ? problem.message : '')}
          </p>
        )}
      </div>
      <div className={styles.actions}>
        <button type="submit" className={styles.primary} disabled={busy} aria-busy={busy}>
          {busy ? t('accounts.connecting') : t('accounts.continue')}
        </button>
      </div>
    </form>
  );
}
