import { useCallback, useEffect, useState } from 'react';
import { search, type SearchType } from '../../api/search.ts';
import type { SearchResults, Tag } from '../../api/types.ts';
import { api } from '../../app/apiClient.ts';
import { errorMessage } from '../../lib/errorMessage.ts';
import {
  appendIds,
  firstTabWithResults,
  mayHaveMore,
  resolvableQuery,
  SEARCH_PAGE_SIZE,
  type SearchTab,
} from '../../lib/search.ts';
import { profilePathFor } from '../../lib/people/profile.ts';
import { navigate } from '../../router/history.ts';
import { useEntities } from '../../state/entities.ts';
import { useInstance } from '../../state/instance.ts';
import { storeRelationship } from '../user-card/relationshipActions.ts';

export interface TabState {
  /** Status ids, account ids, or hashtag names. */
  ids: string[];
  more: boolean;
  loading: boolean;
  error: string | null;
}

export interface SearchState {
  phase: 'idle' | 'searching' | 'resolving' | 'ready' | 'error';
  error: string | null;
  tabs: Record<SearchTab, TabState>;
  hashtags: Record<string, Tag>;
  opened: SearchTab;
}

const TYPE_OF: Record<SearchTab, SearchType> = {
  statuses: 'statuses',
  people: 'accounts',
  hashtags: 'hashtags',
};

const emptyTab = (): TabState => ({ ids: [], more: false, loading: false, error: null });

function initial(phase: SearchState['phase']): SearchState {
  return {
    phase,
    error: null,
    tabs: { statuses: emptyTab(), people: emptyTab(), hashtags: emptyTab() },
    hashtags: {},
    opened: 'statuses',
  };
}

/** Puts what a page found in the entity store; answers the ids each tab gained. */
function ingest(results: SearchResults): Record<SearchTab, string[]> {
  const entities = useEntities.getState();
  entities.ingestAccounts(results.accounts);
  entities.ingestStatuses(results.statuses);
  for (const account of results.accounts)
    if (account.relationship) storeRelationship(account.relationship);
  return {
    statuses: results.statuses.map((status) => status.id),
    people: results.accounts.map((account) => account.id),
    hashtags: results.hashtags.map((tag) => tag.name),
  };
}

const byName = (tags: readonly Tag[]) => Object.fromEntries(tags.map((tag) => [tag.name, tag]));

/**
 * Where a resolvable query leads, if its answer names it: a post address opens the post's
 * conversation, a profile address or a handle opens the profile.
 */
function resolvedPath(query: string, results: SearchResults): string | null {
  const kind = resolvableQuery(query);
  const restricted = useInstance.getState().config.restrictedNicknames;
  if (kind === 'url') {
    const status = results.statuses[0];
    if (status) return `/notice/${encodeURIComponent(status.id)}`;
    const account = results.accounts[0];
    return account ? profilePathFor(account, restricted) : null;
  }
  if (kind === 'handle') {
    const wanted = query.trim().replace(/^@/, '').toLowerCase();
    const account = results.accounts.find((a) => a.acct.toLowerCase() === wanted);
    return account ? profilePathFor(account, restricted) : null;
  }
  return null;
}

/**
 * The search screen's results for `query`: a first page of every kind, then more per tab. Its
 * component is keyed by the query (a new query starts afresh).
 */
export function useSearch(query: string) {
  const [state, setState] = useState<SearchState>(() =>
    initial(!query ? 'idle' : resolvableQuery(query) ? 'resolving' : 'searching'),
  );

  useEffect(() => {
    if (!query) return;
    const controller = new AbortController();
    const resolving = resolvableQuery(query) !== null;
    search(api, query, { limit: SEARCH_PAGE_SIZE, resolve: resolving, signal: controller.signal })
      .then((results) => {
        if (controller.signal.aborted) return;
        const found = ingest(results);
        const path = resolving ? resolvedPath(query, results) : null;
        if (path) {
          navigate(path, { replace: true });
          return;
        }
        const tab = (ids: string[]): TabState => ({
          ids,
          more: mayHaveMore(ids.length),
          loading: false,
          error: null,
        });
        setState({
          phase: 'ready',
          error: null,
          tabs: {
            statuses: tab(found.statuses),
            people: tab(found.people),
            hashtags: tab(found.hashtags),
          },
          hashtags: byName(results.hashtags),
          opened: firstTabWithResults({
            statuses: found.statuses.length,
            people: found.people.length,
            hashtags: found.hashtags.length,
          }),
        });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('search failed', error);
        setState({ ...initial('error'), error: errorMessage(error) });
      });
    return () => controller.abort();
  }, [query]);

  const loadMore = useCallback(
    (which: SearchTab) => {
      const offset = state.tabs[which].ids.length;
      const update = (change: Partial<TabState>) =>
        setState((s) => ({ ...s, tabs: { ...s.tabs, [which]: { ...s.tabs[which], ...change } } }));
      update({ loading: true, error: null });
      search(api, query, { type: TYPE_OF[which], limit: SEARCH_PAGE_SIZE, offset })
        .then((results) => {
          const page = ingest(results)[which];
          setState((s) => ({
            ...s,
            hashtags: { ...s.hashtags, ...byName(results.hashtags) },
            tabs: {
              ...s.tabs,
              [which]: {
                ids: appendIds(s.tabs[which].ids, page),
                more: mayHaveMore(page.length),
                loading: false,
                error: null,
              },
            },
          }));
        })
        .catch((error: unknown) => {
          console.warn('more search results could not be loaded', error);
          update({ loading: false, error: errorMessage(error) });
        });
    },
    [query, state.tabs],
  );

  const open = useCallback((tab: SearchTab) => setState((s) => ({ ...s, opened: tab })), []);

  return { state, loadMore, open };
}
