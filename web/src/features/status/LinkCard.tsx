import type { Card } from '../../api/types.ts';
import { t } from '../../i18n/index.ts';
import styles from './StatusCard.module.css';

const SAFE_LINK = /^https?:\/\//i;

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
}

/**
 * A link preview: title and description are plain text (never server HTML), the whole card is
 * one link that opens in a new tab without handing over the opener.
 */
export function LinkCard({ card }: { card: Card }) {
  if (!SAFE_LINK.test(card.url)) return null;
  const image = card.image && SAFE_LINK.test(card.image) ? card.image : null;
  const provider = card.providerName || hostOf(card.url);
  return (
    <a
      className={styles.linkCard}
      href={card.url}
      target="_blank"
      rel="noopener noreferrer nofollow"
      aria-label={t('status.link_card', card.title || card.url)}
    >
      {image && <img className={styles.linkCardImage} src={image} alt="" loading="lazy" />}
      <span className={styles.linkCardText}>
        {provider && <span className={styles.linkCardProvider}>{provider}</span>}
        <span className={styles.linkCardTitle}>{card.title || card.url}</span>
        {card.description && <span className={styles.linkCardDescription}>{card.description}</span>}
      </span>
    </a>
  );
}
