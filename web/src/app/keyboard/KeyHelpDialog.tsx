import '../../i18n/parts/keyboard.ts';
import { Fragment } from 'react';
import { t } from '../../i18n/index.ts';
import { SHORTCUT_HELP } from '../../lib/keyboardShortcuts.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import styles from './KeyHelpDialog.module.css';

/** The list of reading keys, opened with '?'. */
export function KeyHelpDialog({ onClose }: { onClose(): void }) {
  return (
    <Dialog title={t('keyboard.title')} onClose={onClose} size="small">
      {SHORTCUT_HELP.map(({ group, items }) => (
        <section key={group} aria-label={t(`keyboard.groups.${group}`)}>
          <h3 className={styles.group}>{t(`keyboard.groups.${group}`)}</h3>
          <dl className={styles.list}>
            {items.map(({ keys, what }) => (
              <Fragment key={what}>
                <dt className={styles.keys}>
                  {keys.map((sequence, index) => (
                    <Fragment key={sequence.join('+')}>
                      {index > 0 && ` ${t('keyboard.or')} `}
                      {sequence.map((key, position) => (
                        <Fragment key={key}>
                          {position > 0 &&
                            (sequence[0] === 'Alt' ? '+' : ` ${t('keyboard.then')} `)}
                          <kbd className={styles.key}>{key}</kbd>
                        </Fragment>
                      ))}
                    </Fragment>
                  ))}
                </dt>
                <dd className={styles.what}>{t(`keyboard.keys.${what}`)}</dd>
              </Fragment>
            ))}
          </dl>
        </section>
      ))}
    </Dialog>
  );
}
