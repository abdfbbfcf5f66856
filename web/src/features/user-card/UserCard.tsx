import '../../i18n/parts/people.ts';
import { useId, useState } from 'react';
import type { Account } from '../../api/types.ts';
import { Link } from '../../router/Link.tsx';
import { interfaceLocale, t } from '../../i18n/index.ts';
import { cardBirthday, formatBirthday } from '../../lib/people/birthday.ts';
import { unicodeHandle } from '../../lib/handles.ts';
import { isLookalikeHandle } from '../../lib/lookalikeHost.ts';
import { cardControls } from '../../lib/people/cardControls.ts';
import { cssImageUrl } from '../../lib/safeUrl.ts';
import { dailyAverage, profilePathFor, type ProfileTab } from '../../lib/people/profile.ts';
import { useRelationship } from '../../state/entities.ts';
import { useInstance } from '../../state/instance.ts';
import { useModals } from '../../state/modals.ts';
import { usePreferences } from '../../state/preferences.ts';
import { useSession } from '../../state/session.ts';
import { Button } from '../../ui/Button.tsx';
import { RichContent } from '../../ui/RichContent.tsx';
import { AccountAvatar } from '../../ui/AccountAvatar.tsx';
import { ModerationMenu } from './ModerationMenu.tsx';
import { NoteEditor } from './NoteEditor.tsx';
import { RelationshipTools } from './RelationshipTools.tsx';
import { RemoteFollowForm } from './RemoteFollowForm.tsx';
import styles from './UserCard.module.css';

export interface UserCardProps {
  account: Account;
  /** The popover hides the bio and links its counts to the profile. */
  variant: 'profile' | 'popover';
  /** On the profile, the counts switch its tab. */
  onSelectTab?(tab: ProfileTab): void;
  /** The avatar in the popover (what it does follows userPopoverAvatarAction). */
  avatarAction?(): void;
  /** Extra header buttons (the popover's close and expand). */
  headerActions?: React.ReactNode;
}

const formatDate = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleDateString(interfaceLocale());
};

/** The user card (spec part 2, §2 User card): the profile header, also shown as a popover. */
export function UserCard({
  account,
  variant,
  onSelectTab,
  avatarAction,
  headerActions,
}: UserCardProps) {
  const headingId = useId();
  const [now] = useState(() => Date.now());
  const viewer = useSession((state) => (state.status === 'signedIn' ? state.user : null));
  const config = useInstance((state) => state.config);
  const relationship = useRelationship(account.id) ?? account.relationship ?? undefined;
  const openSettings = useModals((state) => state.openSettings);
  const hideUserStats = usePreferences((state) => state.hideUserStats);
  const controls = cardControls(
    viewer ? { id: viewer.id, role: viewer.role, privileges: viewer.privileges } : null,
    account,
    {
      tagPolicy: !!config.federationPolicy?.policies.includes('TagPolicy'),
      chats: config.pleromaChatMessagesAvailable,
    },
    relationship?.note !== null && relationship?.note !== undefined,
  );
  const profilePath = profilePathFor(account, config.restrictedNicknames);
  const average = dailyAverage(account.statusesCount, account.createdAt, now);
  const birthday = cardBirthday(account, viewer?.id === account.id);
  const handle = unicodeHandle(account.isLocal ? account.acct : account.fqn || account.acct);

  const count = (tab: ProfileTab, labelKey: string, value: number, hidden: boolean) => {
    const content = (
      <>
        <span className={styles.countLabel}>{t(labelKey)}</span>
        <span className={styles.countValue}>{hidden ? t('user_card.hidden') : value}</span>
      </>
    );
    return onSelectTab ? (
      <button type="button" className={styles.count} onClick={() => onSelectTab(tab)}>
        {content}
      </button>
    ) : (
      <Link
        className={styles.count}
        to={tab === 'statuses' ? profilePath : `${profilePath}?tab=${tab}`}
      >
        {content}
      </Link>
    );
  };

  const avatar = <AccountAvatar account={account} size={72} className={styles.avatar} />;
  const banner = cssImageUrl(account.header);

  const Heading = variant === 'profile' ? 'h1' : 'h2';
  return (
    <section
      data-user-card
      className={`${styles.card} ${variant === 'popover' ? styles.popoverCard : ''}`}
      aria-labelledby={headingId}
    >
      <div className={styles.banner} style={banner ? { backgroundImage: banner } : undefined} />
      <div className={styles.headerRow}>
        {avatarAction ? (
          <button
            type="button"
            className={styles.avatarButton}
            onClick={avatarAction}
            aria-label={t('user_card.avatar_action', account.acct)}
          >
            {avatar}
          </button>
        ) : (
          avatar
        )}
        <div className={styles.names}>
          {/* On the profile page the name is the page's heading, drawn with its emoji. */}
          <Heading id={headingId} className={styles.displayName}>
            {variant === 'popover' ? (
              <Link to={profilePath}>
                <RichContent
                  inline
                  text={account.displayName || account.username}
                  emojis={account.emojis}
                />
              </Link>
            ) : (
              <RichContent
                inline
                text={account.displayName || account.username}
                emojis={account.emojis}
              />
            )}
          </Heading>
          <p className={styles.handle}>
            @{handle}
            {isLookalikeHandle(handle) && (
              <span className={styles.mark} title={t('user_card.lookalike_host', account.acct)}>
                {' '}
                ⚠
                <span className={styles.visuallyHidden}>
                  {t('user_card.lookalike_host', account.acct)}
                </span>
              </span>
            )}
            {account.locked && (
              <span className={styles.mark} title={t('user_card.locked')}>
                {' '}
                🔒<span className={styles.visuallyHidden}>{t('user_card.locked')}</span>
              </span>
            )}
          </p>
          <p className={styles.badges}>
            {account.isAdmin && <span className={styles.badge}>{t('user_card.admin_badge')}</span>}
            {!account.isAdmin && account.isModerator && (
              <span className={styles.badge}>{t('user_card.moderator_badge')}</span>
            )}
            {account.bot && <span className={styles.badge}>{t('user_card.bot')}</span>}
            {account.deactivated && (
              <span className={styles.badge}>{t('user_card.deactivated')}</span>
            )}
            {relationship?.followedBy && controls.relationshipTools && (
              <span className={styles.badge}>{t('user_card.follows_you')}</span>
            )}
          </p>
        </div>
        {headerActions && <div className={styles.headerActions}>{headerActions}</div>}
      </div>

      {!hideUserStats && (
        <div className={styles.counts}>
          {count('statuses', 'user_card.statuses', account.statusesCount, false)}
          {count(
            'friends',
            'user_card.followees',
            account.followingCount,
            account.hideFollowsCount,
          )}
          {count(
            'followers',
            'user_card.followers',
            account.followersCount,
            account.hideFollowersCount,
          )}
        </div>
      )}
      <p className={styles.meta}>
        {t('user_card.joined', formatDate(account.createdAt))}
        {!hideUserStats && <> · {t('user_card.per_day', average)}</>}
        {birthday && (
          <>
            {' · '}
            {t(
              birthday.onlyYou ? 'user_card.birthday_only_you' : 'user_card.birthday',
              formatBirthday(birthday.date, interfaceLocale()),
            )}
          </>
        )}
      </p>

      {variant === 'profile' && account.note && (
        <RichContent className={styles.bio} html={account.note} emojis={account.emojis} />
      )}
      {variant === 'profile' && account.fields.length > 0 && (
        <dl className={styles.fields}>
          {account.fields.map((field, index) => (
            <div key={index} className={styles.field}>
              <dt>
                <RichContent inline html={field.name} emojis={account.emojis} />
              </dt>
              <dd>
                <RichContent inline html={field.value} emojis={account.emojis} />
              </dd>
            </div>
          ))}
        </dl>
      )}

      <div className={styles.actions}>
        {controls.editProfile && (
          <Button onClick={() => openSettings('profile')}>{t('user_card.edit_profile')}</Button>
        )}
        {controls.externalProfile && account.url && (
          <a
            className={styles.external}
            href={account.url}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t('user_card.external_profile')}
          </a>
        )}
        {controls.remoteFollow && <RemoteFollowForm account={account} />}
        {controls.moderation.menu && (
          <ModerationMenu account={account} moderation={controls.moderation} />
        )}
      </div>
      {controls.relationshipTools && (
        <RelationshipTools account={account} relationship={relationship} controls={controls} />
      )}
      {controls.note && relationship && (
        <NoteEditor
          key={relationship.note ?? ''}
          accountId={account.id}
          note={relationship.note ?? ''}
        />
      )}
    </section>
  );
}
