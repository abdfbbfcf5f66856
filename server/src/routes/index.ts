import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.ts';
import { accountRoutes } from './accounts.ts';
import { announcementRoutes } from './announcements.ts';
import { adminInviteRoutes } from './admin-invites.ts';
import { adminPageRoutes } from './admin-page.ts';
import { adminUserRoutes } from './admin-users.ts';
import { appRoutes } from './apps.ts';
import { dataRoutes } from './data.ts';
import { conversationRoutes } from './conversations.ts';
import { filterRoutes } from './filters.ts';
import { assetRoutes } from './assets.ts';
import { backupRoutes } from './backups.ts';
import { chatRoutes } from './chats.ts';
import { instanceRoutes } from './instance.ts';
import { interactionRoutes } from './interactions.ts';
import { listRoutes } from './lists.ts';
import { markerRoutes } from './markers.ts';
import { mediaRoutes } from './media.ts';
import { notificationRoutes } from './notifications.ts';
import { mastodonSignInRoutes } from './mastodon-sign-in.ts';
import { oauthAuthorizeRoutes } from './oauth-authorize.ts';
import { oauthRoutes } from './oauth.ts';
import { passwordResetRoutes } from './password-reset.ts';
import { peopleRoutes } from './people.ts';
import { pollRoutes } from './polls.ts';
import { profileImageRoutes } from './profile-images.ts';
import { pushRoutes } from './push.ts';
import { registrationRoutes } from './registration.ts';
import { relationRoutes } from './relations.ts';
import { reportRoutes } from './reports.ts';
import { scheduledStatusRoutes } from './scheduled-statuses.ts';
import { searchRoutes } from './search.ts';
import { securityRoutes } from './security.ts';
import { statusRoutes } from './statuses.ts';
import { timelineRoutes } from './timelines.ts';

/** Every API area of the local instance. Registered directly on the root app (no encapsulation). */
export async function registerRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  for (const area of [
    instanceRoutes,
    assetRoutes,
    appRoutes,
    oauthRoutes,
    // A Mastodon-flavoured instance signs browsers in on pages of its own before authorizing.
    ctx.flavour === 'mastodon' ? mastodonSignInRoutes : oauthAuthorizeRoutes,
    accountRoutes,
    statusRoutes,
    timelineRoutes,
    notificationRoutes,
    interactionRoutes,
    pollRoutes,
    relationRoutes,
    listRoutes,
    reportRoutes,
    mediaRoutes,
    searchRoutes,
    filterRoutes,
    markerRoutes,
    conversationRoutes,
    chatRoutes,
    peopleRoutes,
    adminUserRoutes,
    securityRoutes,
    profileImageRoutes,
    dataRoutes,
    backupRoutes,
    pushRoutes,
    scheduledStatusRoutes,
    announcementRoutes,
    registrationRoutes,
    passwordResetRoutes,
    adminInviteRoutes,
    adminPageRoutes,
  ]) {
    await area(app, ctx);
  }
}
