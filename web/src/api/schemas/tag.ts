import type { HistoryPoint, Tag } from '../types.ts';
import {
  entitySchema,
  firstOf,
  list,
  nbool,
  num,
  obj,
  opt,
  reject,
  str,
  textValue,
  type Schema,
} from './fields.ts';
import { makeListParser, makeParser } from './parse.ts';

const historyRaw = obj('TagHistory', { day: num(), accounts: num(), uses: num() });

const HistorySchema = entitySchema(historyRaw, (r): HistoryPoint => ({
  day: r.day,
  accounts: r.accounts,
  uses: r.uses,
}));

const raw = obj('Tag', {
  name: str(),
  url: str(),
  history: opt(list('TagHistory', () => HistorySchema)),
  following: opt(nbool()),
});

const objectTag = entitySchema(raw, (r, ctx): Tag => {
  if (!r.name) return reject(ctx, 'tag without name');
  return { name: r.name, url: r.url, history: r.history, following: r.following };
});

// Search v1 and some old servers list hashtags as bare strings.
const bareTag = entitySchema(textValue, (name, ctx): Tag =>
  name ? { name, url: '', history: [], following: null } : reject(ctx, 'not a tag name'),
);

export const TagSchema: Schema<Tag> = firstOf(bareTag, objectTag);

export const parseTag = makeParser('Tag', TagSchema);
export const parseTagList = makeListParser('Tag', TagSchema);
