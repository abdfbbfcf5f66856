import type { Card } from '../../api/types.ts';
import { t } from '../../i18n/index.ts';
import { safeHttpUrl } from '../../lib/safeUrl.ts';
import { usePreferences } from '../../state/preferences.ts';
import { VisuallyHidden } from '../../ui/VisuallyHidden.tsx';
import styles from './StatusCard.module.css';

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
}

/**
 * A link preview: title and description are plain text (never server HTML), the whole card is
 * one link that opens in a new tab without handing over the opener. A sensitive post's card
 * shows no image while hideNsfw hides its media (spec part 2, §4).
 */
export function LinkCard({ card, sensitive }: { card: Card; sensitive: boolean }) {
  const hideNsfw = usePreferences((state) => state.hideNsfw);
  const url = safeHttpUrl(card.url);
  if (!url) return null;
  const image = sensitive && hideNsfw ? null : safeHttpUrl(card.image);
  const provider = card.providerName || hostOf(url);
  return (
    <a className={styles.linkCard} href={url} target="_blank" rel="noopener noreferrer nofollow">
      {image && <img className={styles.linkCardImage} src={image} alt="" loading="lazy" />}
      <span className={styles.linkCardText}>
        {/* Named by what it shows, so speech control finds it by any of its words. */}
        <VisuallyHidden>{t('status.link_card')}</VisuallyHidden>
        {provider && <span className={styles.linkCardProvider}>{provider}</span>}
        <span className={styles.linkCardTitle}>{card.title || card.url}</span>
        {card.description && <span className={styles.linkCardDescription}>{card.description}</span>}
      </span>
    </a>
  );
}
