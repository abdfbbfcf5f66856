/**
 * The conversation preferences' types and defaults (spec part 1, §9), apart from the tree rules
 * in conversationTree.ts so that the start-up preferences store does not pull those in.
 */

/** Spec part 1, §9: the default maximum depth of a conversation tree. */
export const DEFAULT_MAX_DEPTH_IN_THREAD = 6;

export type ConversationDisplay = 'tree' | 'linear';
export type OtherRepliesButtonPlacement = 'below' | 'inside';
