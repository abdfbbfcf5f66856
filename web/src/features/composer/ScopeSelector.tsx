import '../../i18n/parts/composer.ts';
import { t } from '../../i18n/index.ts';
import type { PostScope } from '../../lib/scopes.ts';
import styles from './Composer.module.css';
import { ComposerIcon } from './icons.tsx';

interface ScopeSelectorProps {
  offered: readonly PostScope[];
  value: PostScope;
  onChange(scope: PostScope): void;
}

/** The visibility scopes as a row of toggle buttons: globe, open lock, lock, envelope. */
export function ScopeSelector({ offered, value, onChange }: ScopeSelectorProps) {
  return (
    <div role="group" aria-label={t('post_status.scope_label')} className={styles.scopes}>
      {offered.map((scope) => (
        <button
          key={scope}
          type="button"
          className={styles.iconButton}
          aria-pressed={scope === value}
          aria-label={t(`post_status.scope_short.${scope}`)}
          title={t(`post_status.scope.${scope}`)}
          onClick={() => onChange(scope)}
        >
          <ComposerIcon name={scope} />
        </button>
      ))}
    </div>
  );
}
