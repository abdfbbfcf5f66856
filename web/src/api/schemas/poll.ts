import type { Poll, PollOption } from '../types.ts';
import {
  block,
  bool,
  entitySchema,
  id,
  integer,
  list,
  nnum,
  nstr,
  num,
  obj,
  opt,
  str,
} from './fields.ts';
import { CustomEmojiSchema } from './emoji.ts';
import { makeParser } from './parse.ts';

const optionRaw = obj('PollOption', { title: str(), votes_count: nnum() });

const PollOptionSchema = entitySchema(optionRaw, (r): PollOption => ({
  title: r.title,
  votesCount: r.votes_count,
}));

const raw = obj('Poll', {
  id: id(),
  expires_at: nstr(),
  expired: bool(),
  multiple: bool(),
  votes_count: num(),
  voters_count: nnum(),
  voted: opt(bool()),
  own_votes: opt(list('PollVote', () => integer)),
  options: list('PollOption', () => PollOptionSchema),
  emojis: list('CustomEmoji', () => CustomEmojiSchema),
  pleroma: opt(block({ non_anonymous: opt(bool()) })),
});

export const PollSchema = entitySchema(raw, (r): Poll => ({
  id: r.id,
  expiresAt: r.expires_at,
  // expired is also derived from the clock by the poll view; the server's word is kept here.
  expired: r.expired,
  multiple: r.multiple,
  votesCount: r.votes_count,
  votersCount: r.voters_count,
  voted: r.voted,
  ownVotes: r.own_votes,
  options: r.options,
  emojis: r.emojis,
  nonAnonymous: r.pleroma.non_anonymous,
}));

export const parsePoll = makeParser('Poll', PollSchema);
