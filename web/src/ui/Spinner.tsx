import { t } from '../i18n/index.ts';
import styles from './Spinner.module.css';
import { VisuallyHidden } from './VisuallyHidden.tsx';

/** A busy indicator announced as "Loading..." (or the given label). */
export function Spinner({ label }: { label?: string }) {
  return (
    <span role="status" className={styles.wrapper}>
      <span className={styles.spinner} aria-hidden="true" />
      <VisuallyHidden>{label ?? t('timeline.loading')}</VisuallyHidden>
    </span>
  );
}
