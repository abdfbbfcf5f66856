/** The announcements screen, one lazy chunk (spec part 1, §2 announcements). */
export { AnnouncementsScreen } from './AnnouncementsScreen.tsx';
