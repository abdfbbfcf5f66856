import type { Account, Conversation, Status } from '../types.ts';
import { AccountSchema } from './account.ts';
import {
  block,
  bool,
  entity,
  entitySchema,
  id,
  list,
  obj,
  opt,
  strList,
  type Schema,
} from './fields.ts';
import { makeListParser, makeParser } from './parse.ts';
import { StatusSchema } from './status.ts';

const raw = obj('Conversation', {
  id: id(),
  unread: bool(),
  accounts: list('Account', (): Schema<Account> => AccountSchema),
  last_status: entity((): Schema<Status> => StatusSchema),
  pleroma: opt(block({ recipients: strList() })),
});

export const ConversationSchema: Schema<Conversation> = entitySchema(raw, (r): Conversation => ({
  id: r.id,
  unread: r.unread,
  accounts: r.accounts,
  lastStatus: r.last_status,
  recipientIds: r.pleroma.recipients,
}));

export const parseConversation = makeParser('Conversation', ConversationSchema);
export const parseConversationList = makeListParser('Conversation', ConversationSchema);
