import '../../i18n/parts/status.ts';
import { useEffect, useState } from 'react';
import { api } from '../../app/apiClient.ts';
import { get as getStatus } from '../../api/statuses.ts';
import { t } from '../../i18n/index.ts';
import { useAccount, useEntities, useStatus } from '../../state/entities.ts';
import { RichContent } from '../../ui/RichContent.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import styles from './ReplyPreview.module.css';
import { unicodeHandle } from '../../lib/handles.ts';

/**
 * The replied-to post, shown while the reply-to link is hovered or focused (spec part 2, §2):
 * from the store when known, fetched otherwise; `status.status_unavailable` when that fails.
 */
export default function ReplyPreview({ statusId, id }: { statusId: string; id: string }) {
  const status = useStatus(statusId);
  const author = useAccount(status?.accountId);
  const [failed, setFailed] = useState(false);
  const known = Boolean(status);

  useEffect(() => {
    if (known) return undefined;
    let current = true;
    getStatus(api, statusId).then(
      (fetched) => {
        if (current) useEntities.getState().ingestStatuses([fetched]);
      },
      (error: unknown) => {
        console.warn('replied-to post could not be fetched', error);
        if (current) setFailed(true);
      },
    );
    return () => {
      current = false;
    };
  }, [known, statusId]);

  return (
    <div id={id} role="tooltip" className={styles.preview} data-popup>
      {status && author ? (
        <>
          <p className={styles.author}>
            <RichContent
              inline
              text={author.displayName || author.username}
              emojis={author.emojis}
            />{' '}
            <span className={styles.acct}>@{unicodeHandle(author.acct)}</span>
          </p>
          {status.spoilerText && (
            <p className={styles.subject}>
              <RichContent inline text={status.spoilerText} emojis={status.emojis} />
            </p>
          )}
          {!status.spoilerText && (
            <RichContent className={styles.content} html={status.content} emojis={status.emojis} />
          )}
        </>
      ) : failed ? (
        <p className={styles.unavailable}>{t('status.status_unavailable')}</p>
      ) : (
        <Spinner />
      )}
    </div>
  );
}
