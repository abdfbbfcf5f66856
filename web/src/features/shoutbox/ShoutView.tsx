import '../../i18n/parts/shoutbox.ts';
import { useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { ShoutSendError } from '../../api/shoutChannel.ts';
import { t } from '../../i18n/index.ts';
import { isNearBottom } from '../../lib/shoutbox.ts';
import { Link } from '../../router/Link.tsx';
import { pathFor } from '../../router/matchRoute.ts';
import { AccountAvatar } from '../../ui/AccountAvatar.tsx';
import { Button } from '../../ui/Button.tsx';
import { TextField } from '../../ui/FormControls.tsx';
import styles from './ShoutView.module.css';
import { useShoutChannel } from './useShoutChannel.ts';

const AVATAR_SIZE = 32;

/**
 * The shout box's messages and form (spec part 1, §2): avatar, name and plain text of the last
 * messages; Enter sends and clears; the list follows new messages only when near its bottom.
 */
export function ShoutView() {
  const { messages, status, send } = useShoutChannel();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const list = useRef<HTMLDivElement>(null);
  /** Whether the list was near its bottom before the latest messages arrived. */
  const following = useRef(true);
  const inputId = useId();

  useLayoutEffect(() => {
    const box = list.current;
    if (box && following.current) box.scrollTop = box.scrollHeight;
  }, [messages]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending || text.trim() === '') return;
    setSending(true);
    setError(null);
    try {
      await send(text);
      setText('');
    } catch (failure) {
      const timedOut = failure instanceof ShoutSendError && failure.kind === 'timeout';
      setError(t(timedOut ? 'shoutbox.send_timeout' : 'shoutbox.send_refused'));
    } finally {
      setSending(false);
    }
  };

  return (
    <div className={styles.view}>
      {status === 'connecting' && <p className={styles.status}>{t('shoutbox.connecting')}</p>}
      {status === 'failed' && (
        <p role="alert" className={styles.error}>
          {t('shoutbox.connect_failed')}
        </p>
      )}
      <div
        ref={list}
        className={styles.list}
        role="region"
        aria-label={t('shoutbox.messages')}
        tabIndex={0}
        onScroll={(event) => {
          following.current = isNearBottom(event.currentTarget);
        }}
      >
        {status === 'joined' && messages.length === 0 && (
          <p className={styles.status}>{t('shoutbox.empty')}</p>
        )}
        <ol className={styles.messages}>
          {messages.map((message) => (
            <li key={message.id} className={styles.message}>
              <AccountAvatar
                className={styles.avatar}
                account={{ avatar: message.author.avatar, avatarStatic: message.author.avatar }}
                size={AVATAR_SIZE}
              />
              <div className={styles.body}>
                <Link
                  className={styles.author}
                  to={pathFor('external-user-profile', { id: message.author.id })}
                >
                  {message.author.username}
                </Link>
                <p className={styles.text}>{message.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </div>
      <form className={styles.form} onSubmit={(event) => void submit(event)}>
        <label htmlFor={inputId} className={styles.label}>
          {t('shoutbox.input_label')}
        </label>
        <div className={styles.row}>
          <TextField
            id={inputId}
            className={styles.input}
            value={text}
            autoComplete="off"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${inputId}-error` : undefined}
            onChange={(event) => setText(event.target.value)}
          />
          <Button type="submit" variant="primary" disabled={sending} aria-busy={sending}>
            {t('shoutbox.send')}
          </Button>
        </div>
        {error && (
          <p id={`${inputId}-error`} role="alert" className={styles.error}>
            {error}
          </p>
        )}
      </form>
    </div>
  );
}
