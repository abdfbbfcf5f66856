import type { Filter, FilterKeyword } from '../types.ts';
import {
  bool,
  entitySchema,
  id,
  list,
  nid,
  nstr,
  obj,
  oneOf,
  opt,
  str,
  strList,
} from './fields.ts';
import { makeListParser, makeParser } from './parse.ts';

const keywordRaw = obj('FilterKeyword', { id: opt(nid()), keyword: str(), whole_word: bool() });
const KeywordSchema = entitySchema(keywordRaw, (r): FilterKeyword => ({
  id: r.id,
  keyword: r.keyword,
  wholeWord: r.whole_word,
}));

// v1 filters have one `phrase`; v2 filters have a `title` and a list of keywords.
const raw = obj('Filter', {
  id: id(),
  title: opt(str()),
  phrase: opt(str()),
  context: strList(),
  expires_at: nstr(),
  filter_action: opt(oneOf(['warn', 'hide'], 'warn')),
  keywords: opt(list('FilterKeyword', () => KeywordSchema)),
  whole_word: opt(bool()),
  irreversible: opt(bool()),
});

export const FilterSchema = entitySchema(raw, (r): Filter => {
  const keywords = r.keywords.length
    ? r.keywords
    : r.phrase
      ? [{ id: null, keyword: r.phrase, wholeWord: r.whole_word }]
      : [];
  return {
    id: r.id,
    title: r.title || r.phrase,
    context: r.context,
    expiresAt: r.expires_at,
    action: r.filter_action === 'hide' || r.irreversible ? 'hide' : 'warn',
    keywords,
    irreversible: r.irreversible,
  };
});

export const parseFilter = makeParser('Filter', FilterSchema);
export const parseFilterList = makeListParser('Filter', FilterSchema);
