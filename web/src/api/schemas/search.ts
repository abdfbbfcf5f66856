import type { Account, SearchResults, Status } from '../types.ts';
import { AccountSchema } from './account.ts';
import { entitySchema, list, obj, type Schema } from './fields.ts';
import { makeParser } from './parse.ts';
import { StatusSchema } from './status.ts';
import { TagSchema } from './tag.ts';

const raw = obj('SearchResults', {
  accounts: list('Account', (): Schema<Account> => AccountSchema),
  statuses: list('Status', (): Schema<Status> => StatusSchema),
  hashtags: list('Tag', () => TagSchema),
});

export const SearchResultsSchema = entitySchema(raw, (r): SearchResults => ({
  accounts: r.accounts,
  statuses: r.statuses,
  hashtags: r.hashtags,
}));

export const parseSearchResults = makeParser('SearchResults', SearchResultsSchema);
