import '../../i18n/parts/settings.ts';
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import type { Account } from '../../api/types.ts';
import {
  blockDomain,
  knownDomains,
  listBlocks,
  listDomainBlocks,
  listMutes,
  unblockAccount,
  unblockDomain,
  unmuteAccount,
  type MutedAccount,
} from '../../api/mutesBlocks.ts';
import { api } from '../../app/apiClient.ts';
import { interfaceLocale, t } from '../../i18n/index.ts';
import { Button } from '../../ui/Button.tsx';
import { TextField } from '../../ui/FormControls.tsx';
import { MuteWords } from './MuteWords.tsx';
import styles from './Settings.module.css';
import { useFormOutcome } from './useFormOutcome.ts';
import { unicodeHandle } from '../../lib/handles.ts';

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className={styles.group} aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      {children}
    </section>
  );
}

/** A list loaded once; `run` changes it after the server agreed to an action, or says why not. */
function useLoadedList<T>(load: () => Promise<T[]>) {
  const [items, setItems] = useState<T[] | null>(null);
  const { outcome, submit, fail } = useFormOutcome();
  useEffect(() => {
    load().then(setItems, (failure: unknown) => {
      setItems([]);
      fail(failure);
    });
    // Loaded once per visit of the tab.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const run = (send: () => Promise<unknown>, change: (items: T[]) => T[], onDone?: () => void) =>
    submit({
      send,
      onDone: () => {
        setItems((current) => (current ? change(current) : current));
        onDone?.();
      },
    });
  return { items, error: outcome?.ok === false ? outcome.text : null, run };
}

function AccountName({ account }: { account: Account }) {
  return (
    <span>
      <strong>{account.displayName || account.username}</strong>{' '}
      <span className={styles.hint}>@{unicodeHandle(account.acct)}</span>
    </span>
  );
}

function ErrorLine({ error }: { error: string | null }) {
  return error ? (
    <p role="alert" className={styles.error}>
      {error}
    </p>
  ) : null;
}

function Empty({ items, text }: { items: unknown[] | null; text: string }) {
  if (items === null) return <p>{t('modals.loading')}</p>;
  return items.length === 0 ? <p className={styles.hint}>{text}</p> : null;
}

function MutedUsers() {
  const { items, error, run } = useLoadedList<MutedAccount>(() => listMutes(api));
  const title = t('settings.mutes.muted_users');
  return (
    <Section title={title}>
      <Empty items={items} text={t('settings.mutes.no_mutes')} />
      {items && items.length > 0 && (
        <ul className={styles.list} aria-label={title}>
          {items.map(({ account, expiresAt }) => (
            <li key={account.id}>
              <span>
                <AccountName account={account} />
                {/* A mute with no end needs no words: only a timed one says when it ends. */}
                {expiresAt && (
                  <span className={styles.hint}>
                    {' '}
                    {t(
                      'settings.mutes.until',
                      new Date(expiresAt).toLocaleString(interfaceLocale()),
                    )}
                  </span>
                )}
              </span>
              <Button
                compact
                aria-label={t('settings.mutes.unmute_named', account.acct)}
                onClick={() =>
                  void run(
                    () => unmuteAccount(api, account.id),
                    (list) => list.filter((item) => item.account.id !== account.id),
                  )
                }
              >
                {t('settings.mutes.unmute')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <ErrorLine error={error} />
    </Section>
  );
}

function BlockedUsers() {
  const { items, error, run } = useLoadedList<Account>(() => listBlocks(api));
  const title = t('settings.mutes.blocked_users');
  return (
    <Section title={title}>
      <Empty items={items} text={t('settings.mutes.no_blocks')} />
      {items && items.length > 0 && (
        <ul className={styles.list} aria-label={title}>
          {items.map((account) => (
            <li key={account.id}>
              <AccountName account={account} />
              <Button
                compact
                aria-label={t('settings.mutes.unblock_named', account.acct)}
                onClick={() =>
                  void run(
                    () => unblockAccount(api, account.id),
                    (list) => list.filter((item) => item.id !== account.id),
                  )
                }
              >
                {t('settings.mutes.unblock')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <ErrorLine error={error} />
    </Section>
  );
}

/** Known domains for the field's suggestions; a failure only costs the suggestions (spec §8). */
function useKnownDomains(): string[] {
  const [domains, setDomains] = useState<string[]>([]);
  useEffect(() => {
    let current = true;
    knownDomains(api).then(
      (found) => {
        if (current) setDomains(found);
      },
      (error: unknown) => console.warn('known domains could not be loaded', error),
    );
    return () => {
      current = false;
    };
  }, []);
  return domains;
}

function BlockedDomains() {
  const inputId = useId();
  const suggestionsId = useId();
  const { items, error, run } = useLoadedList<string>(() => listDomainBlocks(api));
  const known = useKnownDomains();
  const [domain, setDomain] = useState('');
  const title = t('settings.mutes.blocked_domains');
  const add = (event: FormEvent) => {
    event.preventDefault();
    const name = domain.trim().toLowerCase();
    if (!name) return;
    void run(
      () => blockDomain(api, name),
      (list) => (list.includes(name) ? list : [...list, name]),
      () => setDomain(''),
    );
  };
  return (
    <Section title={title}>
      <form className={styles.row} onSubmit={add}>
        <label htmlFor={inputId}>{t('settings.mutes.domain')}</label>
        <TextField
          id={inputId}
          placeholder="example.org"
          list={suggestionsId}
          autoComplete="off"
          value={domain}
          onChange={(event) => setDomain(event.target.value)}
        />
        <datalist id={suggestionsId}>
          {known
            .filter((name) => !items?.includes(name))
            .map((name) => (
              <option key={name} value={name} />
            ))}
        </datalist>
        <Button type="submit" disabled={!domain.trim()}>
          {t('settings.mutes.block_domain')}
        </Button>
      </form>
      <Empty items={items} text={t('settings.mutes.no_domains')} />
      {items && items.length > 0 && (
        <ul className={styles.list} aria-label={title}>
          {items.map((name) => (
            <li key={name}>
              <span>{name}</span>
              <Button
                compact
                aria-label={t('settings.mutes.unblock_named', name)}
                onClick={() =>
                  void run(
                    () => unblockDomain(api, name),
                    (list) => list.filter((item) => item !== name),
                  )
                }
              >
                {t('settings.mutes.unblock')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <ErrorLine error={error} />
    </Section>
  );
}

/** Mutes and blocks: muted and blocked users, muted words, blocked domains. */
export function MutesBlocksSettings() {
  return (
    <div className={styles.page}>
      <MutedUsers />
      <BlockedUsers />
      <Section title={t('settings.mutes.muted_words')}>
        <MuteWords />
      </Section>
      <BlockedDomains />
    </div>
  );
}

export default MutesBlocksSettings;
