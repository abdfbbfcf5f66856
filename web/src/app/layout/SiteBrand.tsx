import { logoLook } from '../../lib/instanceLook.ts';
import { useInstance } from '../../state/instance.ts';
import { Link } from '../../router/Link.tsx';
import styles from './SiteBrand.module.css';

/**
 * Logo and site name linking to the root; the name hides when the instance says so. The logo
 * follows logoMask (drawn in the text colour), logoMargin, and logoLeft (beside the name; otherwise
 * in the middle of the bar).
 */
export function SiteBrand({ showLogo = true }: { showLogo?: boolean }) {
  const { name, logo, hideSitename, logoMask, logoMargin, logoLeft } = useInstance(
    (state) => state.config,
  );
  const look = logoLook(logo, logoMask, logoMargin);
  const logoClass = `${styles.logo} ${logoLeft ? '' : styles.logoCentre}`;
  return (
    <Link to="/" className={styles.brand} aria-label={hideSitename ? name : undefined}>
      {showLogo &&
        look.src &&
        (look.mask ? (
          <span
            className={`${logoClass} ${styles.masked}`}
            style={look.style}
            data-logo="masked"
            aria-hidden="true"
          />
        ) : (
          <img src={look.src} alt="" className={logoClass} style={look.style} data-logo="image" />
        ))}
      {!hideSitename && <span className={styles.name}>{name}</span>}
    </Link>
  );
}
