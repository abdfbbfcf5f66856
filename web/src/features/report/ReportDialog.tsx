import '../../i18n/parts/reporting.ts';
import '../../i18n/parts/status.ts';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { api } from '../../app/apiClient.ts';
import { createReport } from '../../api/reports.ts';
import type { Account } from '../../api/types.ts';
import { t } from '../../i18n/index.ts';
import { htmlToPlainText } from '../../lib/statusText.ts';
import { useEntities, type StoredStatus } from '../../state/entities.ts';
import { useNotices } from '../../state/notices.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { Checkbox, textFieldClass } from '../../ui/FormControls.tsx';
import { absoluteTime } from '../../ui/localeFormats.ts';
import styles from './ReportDialog.module.css';

/** How long the report-sent notice stays. */
export const REPORT_SENT_NOTICE_MS = 2000;
/** Characters of a status shown in the picker. */
const EXCERPT_CHARS = 140;

function excerpt(status: StoredStatus): string {
  const text = status.plainText ?? htmlToPlainText(status.content);
  const chars = [...(status.spoilerText ? `${status.spoilerText} — ${text}` : text)];
  return chars.length > EXCERPT_CHARS
    ? `${chars.slice(0, EXCERPT_CHARS).join('')}…`
    : chars.join('');
}

/** The remote instance of an account, for the forward option ('' for local accounts). */
export function remoteHost(account: Pick<Account, 'acct' | 'isLocal'>): string {
  if (account.isLocal) return '';
  const at = account.acct.lastIndexOf('@');
  return at > 0 ? account.acct.slice(at + 1) : '';
}

/**
 * Reporting an account (spec part 2, §4 Report, §5, §8): a comment, the account's statuses
 * loaded in this tab to choose from, and for remote accounts a forward option naming their
 * instance. Nothing is validated; the submit button is disabled while the report is sent; a
 * failure keeps the dialog open with the generic error.
 */
export function ReportDialog({
  account,
  initialStatusIds = [],
  onClose,
}: {
  account: Account;
  initialStatusIds?: readonly string[];
  onClose(): void;
}) {
  const statuses = useEntities((state) => state.statuses);
  const candidates = useMemo(
    () =>
      Object.values(statuses)
        .filter((s) => s.accountId === account.id && !s.reblogId && !s.deleted)
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt)),
    [statuses, account.id],
  );
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set(initialStatusIds));
  const [comment, setComment] = useState('');
  const [forward, setForward] = useState(false);
  const [processing, setProcessing] = useState(false);
  const [failed, setFailed] = useState(false);
  const commentId = useId();
  const host = remoteHost(account);

  const toggle = (id: string) =>
    setChosen((previous) => {
      const next = new Set(previous);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (processing) return;
    setProcessing(true);
    setFailed(false);
    try {
      await createReport(api, {
        accountId: account.id,
        statusIds: candidates.filter((s) => chosen.has(s.id)).map((s) => s.id),
        comment,
        forward: host !== '' && forward,
      });
      useNotices.getState().push({
        level: 'success',
        messageKey: 'user_reporting.sent',
        timeoutMs: REPORT_SENT_NOTICE_MS,
      });
      onClose();
    } catch {
      setFailed(true);
      setProcessing(false);
    }
  };

  return (
    <Dialog title={t('user_reporting.title', `@${account.acct}`)} onClose={onClose} size="large">
      <form className={styles.form} onSubmit={submit}>
        <label htmlFor={commentId} className={styles.label}>
          {t('user_reporting.add_comment_description')}
        </label>
        <textarea
          id={commentId}
          className={textFieldClass}
          value={comment}
          rows={4}
          data-autofocus
          onChange={(event) => setComment(event.target.value)}
        />
        {host && (
          <Checkbox
            checked={forward}
            onChange={(event) => setForward(event.target.checked)}
            label={t('user_reporting.forward_to', host)}
          />
        )}
        <fieldset className={styles.statuses}>
          <legend>{t('user_reporting.choose_statuses')}</legend>
          {candidates.length === 0 ? (
            <p className={styles.empty}>{t('user_reporting.no_statuses')}</p>
          ) : (
            <ul className={styles.list}>
              {candidates.map((status) => (
                <li key={status.id}>
                  <Checkbox
                    checked={chosen.has(status.id)}
                    onChange={() => toggle(status.id)}
                    label={
                      <span className={styles.statusText}>
                        <span className={styles.statusDate}>{absoluteTime(status.createdAt)}</span>
                        <span>{excerpt(status)}</span>
                      </span>
                    }
                  />
                </li>
              ))}
            </ul>
          )}
        </fieldset>
        {failed && (
          <p role="alert" className={styles.error}>
            {t('user_reporting.generic_error')}
          </p>
        )}
        <div className={styles.actions}>
          <Button onClick={onClose}>{t('status.cancel')}</Button>
          <Button type="submit" variant="primary" disabled={processing}>
            {processing ? t('user_reporting.submitting') : t('user_reporting.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
