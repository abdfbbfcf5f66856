import type { List } from '../types.ts';
import { bool, entitySchema, id, nstr, obj, opt, str } from './fields.ts';
import { makeListParser, makeParser } from './parse.ts';

const raw = obj('List', {
  id: id(),
  title: str(),
  replies_policy: opt(nstr()),
  exclusive: opt(bool()),
});

export const ListSchema = entitySchema(raw, (r): List => ({
  id: r.id,
  title: r.title,
  repliesPolicy: r.replies_policy,
  exclusive: r.exclusive,
}));

export const parseList = makeParser('List', ListSchema);
export const parseListList = makeListParser('List', ListSchema);
