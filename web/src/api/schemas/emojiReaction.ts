import type { Account, EmojiReactionWithAccounts } from '../types.ts';
import { AccountSchema } from './account.ts';
import {
  bool,
  entitySchema,
  list,
  nstr,
  num,
  obj,
  opt,
  reject,
  str,
  strList,
  type Schema,
} from './fields.ts';
import { makeListParser } from './parse.ts';

const raw = obj('EmojiReaction', {
  name: str(),
  count: num(),
  me: bool(),
  url: opt(nstr()),
  account_ids: opt(strList()),
  accounts: list('Account', (): Schema<Account> => AccountSchema),
});

/** An item of GET /api/v1/pleroma/statuses/:id/reactions. */
export const EmojiReactionWithAccountsSchema = entitySchema(
  raw,
  (r, ctx): EmojiReactionWithAccounts => {
    if (!r.name) return reject(ctx, 'reaction without emoji name');
    return {
      name: r.name,
      count: r.count,
      me: r.me,
      url: r.url,
      accountIds: r.account_ids.length ? r.account_ids : r.accounts.map((a) => a.id),
      accounts: r.accounts,
    };
  },
);

export const parseEmojiReactionList = makeListParser(
  'EmojiReaction',
  EmojiReactionWithAccountsSchema,
);
