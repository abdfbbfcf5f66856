import type { Status } from '../../api/types.ts';
import { t } from '../../i18n/index.ts';
import { RichContent } from '../../ui/RichContent.tsx';
import styles from './StatusCard.module.css';

const timestampFormat = new Intl.DateTimeFormat(undefined, {
  dateStyle: 'medium',
  timeStyle: 'short',
});
function formatTimestamp(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : timestampFormat.format(date);
}

interface StatusCardProps {
  status: Status;
}

/** The post card, minimal for now: author, time, content warning, body; a repeat shows both. */
export function StatusCard({ status }: StatusCardProps) {
  const shown = status.reblog ?? status;
  const author = shown.account;
  return (
    <article className={styles.card} aria-labelledby={`status-${status.id}-author`}>
      {status.reblog && (
        <p className={styles.repeat}>
          <RichContent
            inline
            text={status.account.displayName || status.account.username}
            emojis={status.account.emojis}
          />{' '}
          {t('status.repeated')}
        </p>
      )}
      <header className={styles.header}>
        <img className={styles.avatar} src={author.avatar} alt="" width={48} height={48} />
        <div className={styles.names}>
          <span id={`status-${status.id}-author`} className={styles.displayName}>
            <RichContent
              inline
              text={author.displayName || author.username}
              emojis={author.emojis}
            />
          </span>
          <span className={styles.acct}>@{author.acct}</span>
        </div>
        <a className={styles.time} href={`/notice/${shown.id}`}>
          <time dateTime={shown.createdAt}>{formatTimestamp(shown.createdAt)}</time>
        </a>
      </header>
      {shown.spoilerText ? (
        <details className={styles.spoiler}>
          <summary>
            <RichContent inline text={shown.spoilerText} emojis={shown.emojis} />
          </summary>
          <RichContent html={shown.content} emojis={shown.emojis} />
        </details>
      ) : (
        <RichContent html={shown.content} emojis={shown.emojis} />
      )}
    </article>
  );
}
