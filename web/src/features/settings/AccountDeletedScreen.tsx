import '../../i18n/parts/settings.ts';
import { Link } from '../../router/Link.tsx';
import styles from '../../app/Screen.module.css';
import { t } from '../../i18n/index.ts';
import { AFTER_LOGOUT_PATH } from '../auth/logout.ts';

/** Where the user lands, signed out, once their account is deleted. */
export function AccountDeletedScreen() {
  return (
    <section className={styles.screen} aria-labelledby="account-deleted-title">
      <h1 id="account-deleted-title" className={styles.title}>
        {t('account_deleted.title')}
      </h1>
      <p className={styles.body}>{t('settings.account_deleted.text')}</p>
      <p className={styles.body}>
        <Link to={AFTER_LOGOUT_PATH}>{t('settings.account_deleted.home')}</Link>
      </p>
    </section>
  );
}
