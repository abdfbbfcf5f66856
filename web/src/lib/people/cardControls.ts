import type { Privilege, Role } from '../../api/types.ts';

/** Who sees which of the user card's buttons and menus (spec part 2, §6). */

export interface CardViewer {
  id: string;
  role: Role;
  privileges: readonly Privilege[];
}

export interface CardTarget {
  id: string;
  isLocal: boolean;
  deactivated: boolean;
  /** False when the account refuses chat messages (null: the server does not say). */
  acceptsChatMessages: boolean | null;
}

export interface CardInstance {
  /** The instance runs the MRF tag policy. */
  tagPolicy: boolean;
  chats: boolean;
}

export interface CardControls {
  editProfile: boolean;
  externalProfile: boolean;
  /** Follow, mute, block, lists, mention, report, the account-actions menu. */
  relationshipTools: boolean;
  /** The personal note, when the server also supports notes. */
  note: boolean;
  chat: boolean;
  remoteFollow: boolean;
  /** Mute and mention are disabled (not hidden) for deactivated accounts. */
  muteAndMentionDisabled: boolean;
  followDisabled: boolean;
  moderation: {
    menu: boolean;
    roles: boolean;
    activation: boolean;
    deleteUser: boolean;
    tags: boolean;
  };
}

const MODERATION_PRIVILEGES: readonly Privilege[] = [
  'users_manage_activation_state',
  'users_delete',
  'users_manage_tags',
];

export const MRF_TAGS_ALL_USERS = [
  'mrf_tag:media-force-nsfw',
  'mrf_tag:media-strip',
  'mrf_tag:force-unlisted',
  'mrf_tag:sandbox',
] as const;
export const MRF_TAGS_LOCAL_ONLY = [
  'mrf_tag:disable-remote-subscription',
  'mrf_tag:disable-any-subscription',
  'mrf_tag:quarantine',
] as const;

/** The tag-policy entries shown for a target: the local-only ones for local users only. */
export const mrfTagsFor = (target: Pick<CardTarget, 'isLocal'>): string[] => [
  ...MRF_TAGS_ALL_USERS,
  ...(target.isLocal ? MRF_TAGS_LOCAL_ONLY : []),
];

export function cardControls(
  viewer: CardViewer | null,
  target: CardTarget,
  instance: CardInstance,
  notesSupported: boolean,
): CardControls {
  const self = !!viewer && viewer.id === target.id;
  const other = !!viewer && !self;
  const has = (privilege: Privilege) => !!viewer && viewer.privileges.includes(privilege);
  const admin = viewer?.role === 'admin';
  const menu = other && (admin || MODERATION_PRIVILEGES.some(has));
  return {
    editProfile: self && target.isLocal,
    externalProfile: !self && !target.isLocal,
    relationshipTools: other,
    note: other && notesSupported,
    // Nobody can open a chat with an account that is gone or takes no chat messages.
    chat: other && instance.chats && !target.deactivated && target.acceptsChatMessages !== false,
    remoteFollow: !viewer && target.isLocal,
    muteAndMentionDisabled: target.deactivated,
    followDisabled: target.deactivated,
    moderation: {
      menu,
      roles: menu && admin && target.isLocal && !target.deactivated,
      activation: menu && has('users_manage_activation_state'),
      deleteUser: menu && has('users_delete'),
      tags: menu && instance.tagPolicy && has('users_manage_tags'),
    },
  };
}
