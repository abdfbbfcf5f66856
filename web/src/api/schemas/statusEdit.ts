import type { Account, StatusEdit } from '../types.ts';
import { AccountSchema } from './account.ts';
import { AttachmentSchema } from './attachment.ts';
import { CustomEmojiSchema } from './emoji.ts';
import { bool, entity, entitySchema, list, obj, opt, reject, str, type Schema } from './fields.ts';
import { makeListParser, makeParser } from './parse.ts';

const optionRaw = obj('StatusEditPollOption', { title: str() });
const OptionSchema = entitySchema(optionRaw, (r) => r.title);
const pollRaw = obj('StatusEditPoll', {
  options: list('StatusEditPollOption', () => OptionSchema),
});
const PollSchema = entitySchema(pollRaw, (r) => r.options);

const raw = obj('StatusEdit', {
  content: str(),
  spoiler_text: str(),
  sensitive: bool(),
  created_at: str(),
  account: entity((): Schema<Account> => AccountSchema),
  media_attachments: list('Attachment', () => AttachmentSchema),
  emojis: list('CustomEmoji', () => CustomEmojiSchema),
  poll: opt(entity(() => PollSchema)),
});

/** One revision from GET /api/v1/statuses/:id/history (revisions have no id of their own). */
export const StatusEditSchema = entitySchema(raw, (r, ctx): StatusEdit => {
  if (!r.created_at) return reject(ctx, 'revision without created_at');
  return {
    content: r.content,
    spoilerText: r.spoiler_text,
    sensitive: r.sensitive,
    createdAt: r.created_at,
    account: r.account,
    mediaAttachments: r.media_attachments,
    emojis: r.emojis,
    pollOptions: r.poll,
  };
});

export const parseStatusEdit = makeParser('StatusEdit', StatusEditSchema);
export const parseStatusEditList = makeListParser('StatusEdit', StatusEditSchema);
