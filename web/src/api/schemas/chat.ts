import type { Account, Chat, ChatMessage } from '../types.ts';
import { AccountSchema } from './account.ts';
import { AttachmentSchema } from './attachment.ts';
import { CardSchema } from './card.ts';
import { CustomEmojiSchema } from './emoji.ts';
import {
  bool,
  entity,
  entitySchema,
  id,
  list,
  nstr,
  num,
  obj,
  opt,
  required,
  str,
  type Schema,
} from './fields.ts';
import { makeListParser, makeParser } from './parse.ts';

const messageRaw = obj('ChatMessage', {
  id: id(),
  chat_id: str(),
  account_id: str(),
  content: nstr(),
  created_at: str(),
  emojis: list('CustomEmoji', () => CustomEmojiSchema),
  attachment: opt(entity(() => AttachmentSchema)),
  card: opt(entity(() => CardSchema)),
  unread: bool(),
  idempotency_key: opt(nstr()),
});

export const ChatMessageSchema: Schema<ChatMessage> = entitySchema(
  messageRaw,
  (r): ChatMessage => ({
    id: r.id,
    chatId: r.chat_id,
    accountId: r.account_id,
    content: r.content ?? '',
    createdAt: r.created_at,
    emojis: r.emojis,
    attachment: r.attachment,
    card: r.card,
    unread: r.unread,
    idempotencyKey: r.idempotency_key,
  }),
);

export const parseChatMessage = makeParser('ChatMessage', ChatMessageSchema);
export const parseChatMessageList = makeListParser('ChatMessage', ChatMessageSchema);

const chatRaw = obj('Chat', {
  id: id(),
  account: required((): Schema<Account> => AccountSchema),
  unread: num(),
  last_message: opt(entity(() => ChatMessageSchema)),
  updated_at: str(),
});

export const ChatSchema: Schema<Chat> = entitySchema(chatRaw, (r): Chat => ({
  id: r.id,
  account: r.account,
  unread: r.unread,
  lastMessage: r.last_message,
  updatedAt: r.updated_at,
}));

export const parseChat = makeParser('Chat', ChatSchema);
export const parseChatList = makeListParser('Chat', ChatSchema);
