/**
 * The notificationVisibility preference: which kinds of notification show (spec part 2 §3). Apart
 * from the notification rules (lib/notifications.ts), which only the notification chunks need, so
 * that the preferences store takes its default without them.
 */
export interface NotificationVisibility {
  likes: boolean;
  repeats: boolean;
  follows: boolean;
  mentions: boolean;
  emojiReactions: boolean;
  moves: boolean;
  polls: boolean;
}

export const DEFAULT_NOTIFICATION_VISIBILITY: NotificationVisibility = {
  likes: true,
  repeats: true,
  follows: true,
  mentions: true,
  emojiReactions: true,
  moves: true,
  polls: true,
};
