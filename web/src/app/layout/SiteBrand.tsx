import { useInstance } from '../../state/instance.ts';
import { Link } from '../router/Link.tsx';
import styles from './SiteBrand.module.css';

/** Logo and site name linking to the root; the name hides when the instance says so. */
export function SiteBrand({ showLogo = true }: { showLogo?: boolean }) {
  const { name, logo, hideSitename } = useInstance((state) => state.config);
  return (
    <Link to="/" className={styles.brand} aria-label={hideSitename ? name : undefined}>
      {showLogo && logo && <img src={logo} alt="" className={styles.logo} />}
      {!hideSitename && <span className={styles.name}>{name}</span>}
    </Link>
  );
}
