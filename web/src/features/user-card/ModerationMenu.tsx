import '../../i18n/parts/people.ts';
import * as admin from '../../api/adminUsers.ts';
import type { Account } from '../../api/types.ts';
import { api } from '../../app/apiClient.ts';
import { goBack } from '../../router/history.ts';
import { t } from '../../i18n/index.ts';
import { mrfTagsFor, type CardControls } from '../../lib/people/cardControls.ts';
import { useEntities } from '../../state/entities.ts';
import { useModals } from '../../state/modals.ts';
import { ActionMenu, type MenuItem } from '../status/ActionMenu.tsx';

/**
 * Staff tools on another user's card (spec part 2, §4, §6). Local state changes only after an ok
 * answer; a refused change is logged and otherwise ignored, as the spec asks, never shown as done.
 */
function patchAccount(id: string, patch: Partial<Account>): void {
  const current = useEntities.getState().accounts[id];
  if (current) useEntities.getState().ingestAccounts([{ ...current, ...patch }]);
}

async function attempt(what: string, call: () => Promise<void>, onOk: () => void) {
  try {
    await call();
    onOk();
  } catch (error) {
    console.warn(`${what} failed`, error);
  }
}

const roleOf = (isAdmin: boolean, isModerator: boolean): Account['role'] =>
  isAdmin ? 'admin' : isModerator ? 'moderator' : 'member';

/** The profile shows this account: leaving it after a delete goes back (spec part 2, §4). */
function onProfileOf(account: Account): boolean {
  const path = decodeURIComponent(window.location.pathname).replace(/\/+$/, '');
  const [name, host] = account.acct.split('@');
  return [
    `/users/${account.id}`,
    `/users/${account.username}`,
    `/${account.username}`,
    `/remote-users/${account.acct}`,
    ...(host ? [`/remote-users/${host}/${name}`] : []),
  ].includes(path);
}

/** Where a deleted profile leaves to when the app has no screen behind it. */
const HOME_PATH = '/main/friends';

export function ModerationMenu({
  account,
  moderation,
}: {
  account: Account;
  moderation: CardControls['moderation'];
}) {
  const nickname = account.acct;
  const items: MenuItem[] = [];

  if (moderation.roles) {
    for (const group of ['admin', 'moderator'] as const) {
      const has = group === 'admin' ? account.isAdmin : account.isModerator;
      items.push({
        key: `role-${group}`,
        label: t(`user_card.admin_menu.${has ? 'revoke' : 'grant'}_${group}`),
        onSelect: () =>
          attempt(
            'role change',
            () => admin.setPermissionGroup(api, nickname, group, !has),
            () => {
              const isAdmin = group === 'admin' ? !has : account.isAdmin;
              const isModerator = group === 'moderator' ? !has : account.isModerator;
              patchAccount(account.id, {
                isAdmin,
                isModerator,
                role: roleOf(isAdmin, isModerator),
              });
            },
          ),
      });
    }
  }
  if (moderation.activation) {
    items.push({
      key: 'activation',
      label: t(`user_card.admin_menu.${account.deactivated ? 'activate' : 'deactivate'}_account`),
      onSelect: () =>
        attempt(
          'activation change',
          () => admin.setActivation(api, nickname, account.deactivated),
          () => patchAccount(account.id, { deactivated: !account.deactivated }),
        ),
    });
  }
  if (moderation.deleteUser) {
    items.push({
      key: 'delete',
      label: t('user_card.admin_menu.delete_account'),
      danger: true,
      onSelect: async () => {
        const confirmed = await useModals.getState().confirm({
          titleKey: 'user_card.admin_menu.delete_account',
          messageKey: 'user_card.admin_menu.delete_user_confirmation',
          messageArgs: [nickname],
          acceptKey: 'user_card.admin_menu.delete_account',
          cancelKey: 'user_card.cancel',
        });
        if (!confirmed) return;
        await attempt(
          'user deletion',
          () => admin.deleteUser(api, nickname),
          () => {
            const { statuses, markDeleted } = useEntities.getState();
            for (const status of Object.values(statuses))
              if (status.accountId === account.id) markDeleted(status.id);
            if (onProfileOf(account)) goBack(HOME_PATH);
          },
        );
      },
    });
  }
  if (moderation.tags) {
    for (const tag of mrfTagsFor(account)) {
      const tagged = account.tags.includes(tag);
      const name = t(`user_card.admin_menu.tags.${tag.slice('mrf_tag:'.length)}`);
      items.push({
        key: tag,
        label: t(`user_card.admin_menu.${tagged ? 'untag' : 'tag'}`, name),
        onSelect: () =>
          attempt(
            'tag change',
            () => admin.setTag(api, nickname, tag, !tagged),
            () =>
              patchAccount(account.id, {
                tags: tagged
                  ? account.tags.filter((other) => other !== tag)
                  : [...account.tags, tag],
              }),
          ),
      });
    }
  }
  if (items.length === 0) return null;
  return (
    <ActionMenu
      label={t('user_card.admin_menu.moderation')}
      icon={<span aria-hidden="true">{t('user_card.admin_menu.moderation')}</span>}
      items={items}
    />
  );
}
