import { t } from '../i18n/index.ts';
import type { RouteMatch } from '../router/matchRoute.ts';
import styles from './Screen.module.css';

/**
 * How each route's parameters read in words: an i18n key and the parameters (or query values,
 * prefixed with `?`) that fill its {{0}}, {{1}}.
 */
const PARAMETER_WORDS: Readonly<Record<string, readonly [string, ...string[]]>> = {
  'tag-timeline': ['placeholder.params.tag', 'tag'],
  conversation: ['placeholder.params.status', 'id'],
  'remote-user-profile-acct': ['placeholder.params.remote_user', 'username', 'hostname'],
  'remote-user-profile': ['placeholder.params.remote_user', 'username', 'hostname'],
  interactions: ['placeholder.params.user', 'username'],
  dms: ['placeholder.params.user', 'username'],
  notifications: ['placeholder.params.user', 'username'],
  'external-user-profile': ['placeholder.params.account', 'id'],
  'user-profile': ['placeholder.params.user', 'name'],
  'registration-token': ['placeholder.params.invitation', 'token'],
  'remote-interaction': ['placeholder.params.status', '?status_id'],
};

/** The route's parameters in words ("status 123"), or '' when it has none to show. */
export function describeParameters(match: RouteMatch): string {
  const words = PARAMETER_WORDS[match.route.name];
  if (!words) return '';
  const [key, ...names] = words;
  const values = names.map((name) =>
    name.startsWith('?') ? (match.query.get(name.slice(1)) ?? '') : (match.params[name] ?? ''),
  );
  return values.every((value) => value) ? t(key, ...values) : '';
}

/** "Conversation — status 123": the title a placeholder screen shows. */
export function placeholderHeading(match: RouteMatch): string {
  const title = t(match.route.titleKey);
  const parameters = describeParameters(match);
  return parameters ? t('placeholder.heading', title, parameters) : title;
}

/** A real page for routes whose screens arrive in later versions. */
export function Placeholder({ match }: { match: RouteMatch }) {
  return (
    <section className={styles.screen} aria-labelledby="placeholder-title">
      <h1 id="placeholder-title" className={styles.title}>
        {placeholderHeading(match)}
      </h1>
      <p className={styles.body}>{t('placeholder.later')}</p>
    </section>
  );
}
