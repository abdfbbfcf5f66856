import { Link } from '../router/Link.tsx';
import { t } from '../i18n/index.ts';
import { mentionLinkText, type MentionTarget } from '../lib/mentionLink.ts';
import { useEntities } from '../state/entities.ts';
import { usePreferences } from '../state/preferences.ts';
import { useSession } from '../state/session.ts';
import styles from './MentionLink.module.css';
import { VisuallyHidden } from './VisuallyHidden.tsx';

function AtIcon() {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      className={styles.atIcon}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
    >
      <circle cx="12" cy="12" r="4" />
      <path d="M16 8v5a3 3 0 0 0 6 0v-1a10 10 0 1 0-4 8" />
    </svg>
  );
}

/**
 * A link to a mentioned account, following the mention-link preferences (spec part 2, §3):
 * how the handle reads, tooltip, avatar, "(you)", bold for the signed-in user, faded domain and
 * the @ icon.
 */
export function MentionLink({
  id,
  target,
  serverText,
  className,
}: {
  id: string;
  target: MentionTarget;
  /** The link's text as the server wrote it (for the 'default' display). */
  serverText: string;
  className?: string;
}) {
  const display = usePreferences((state) => state.mentionLinkDisplay);
  const showTooltip = usePreferences((state) => state.mentionLinkShowTooltip);
  const showAvatar = usePreferences((state) => state.mentionLinkShowAvatar);
  const showYous = usePreferences((state) => state.mentionLinkShowYous);
  const boldenYou = usePreferences((state) => state.mentionLinkBoldenYou);
  const fadeDomain = usePreferences((state) => state.mentionLinkFadeDomain);
  const useAtIcon = usePreferences((state) => state.useAtIcon);
  const isYou = useSession((state) => state.user?.id === id);
  const avatar = useEntities((state) =>
    showAvatar ? state.accounts[id]?.avatarStatic : undefined,
  );
  const text = mentionLinkText(target, display, serverText);
  const classes = [styles.mention, className, isYou && boldenYou ? styles.you : null]
    .filter(Boolean)
    .join(' ');
  return (
    <Link
      to={`/users/${encodeURIComponent(id)}`}
      className={classes}
      title={showTooltip ? `@${text.handle}` : undefined}
    >
      {avatar && <img className={styles.avatar} src={avatar} alt="" />}
      {useAtIcon ? (
        <>
          <AtIcon />
          <VisuallyHidden>@</VisuallyHidden>
        </>
      ) : (
        '@'
      )}
      {text.name}
      {text.domain && (
        <span className={fadeDomain ? styles.fadedDomain : undefined}>@{text.domain}</span>
      )}
      {isYou && showYous && <span className={styles.yous}> {t('status.mention_you')}</span>}
    </Link>
  );
}
