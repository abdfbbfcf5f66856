import '../../i18n/parts/people.ts';
import '../../i18n/parts/search.ts';
import { useId, useState, type FormEvent } from 'react';
import { t } from '../../i18n/index.ts';
import { SEARCH_TABS, tabCountText, type SearchTab } from '../../lib/search.ts';
import { Link } from '../../router/Link.tsx';
import { navigate } from '../../router/history.ts';
import type { ScreenProps } from '../../router/matchRoute.ts';
import { useEntities } from '../../state/entities.ts';
import { useScreenTitle } from '../../state/screenTitle.ts';
import { useSession } from '../../state/session.ts';
import { Button } from '../../ui/Button.tsx';
import { TextField } from '../../ui/FormControls.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { Tabs } from '../../ui/Tabs.tsx';
import { AccountRow } from '../profile/AccountRow.tsx';
import profileStyles from '../profile/Profile.module.css';
import { StatusCard, type StatusCardContext } from '../status/StatusCard.tsx';
import { FollowButton } from '../user-card/FollowButton.tsx';
import { HashtagResult } from './HashtagResult.tsx';
import { readRecentQueries, rememberQuery } from './recentQueries.ts';
import { useSearch, type SearchState, type TabState } from './useSearch.ts';

const CARD_CONTEXT: StatusCardContext = { kind: 'timeline', timeline: 'search' };

const searchPath = (query: string) => `/search?${new URLSearchParams({ query }).toString()}`;

function PersonButtons({ accountId }: { accountId: string }) {
  const account = useEntities((s) => s.accounts[accountId]);
  const viewerId = useSession((s) => (s.status === 'signedIn' ? s.user?.id : undefined));
  if (!account || !viewerId) return null;
  if (viewerId === account.id)
    return <span className={profileStyles.itsYou}>{t('user_card.its_you')}</span>;
  return <FollowButton account={account} />;
}

function TabFooter({ tab, onMore }: { tab: TabState; onMore(): void }) {
  if (tab.loading)
    return (
      <div className={profileStyles.listFooter}>
        <Spinner />
      </div>
    );
  if (tab.error)
    return (
      <div className={profileStyles.listFooter}>
        <Button onClick={onMore}>{t('search.load_more_error', tab.error)}</Button>
      </div>
    );
  if (!tab.more) return null;
  return (
    <div className={profileStyles.listFooter}>
      <Button onClick={onMore}>{t('search.load_more')}</Button>
    </div>
  );
}

function TabContent({ which, state }: { which: SearchTab; state: SearchState }) {
  const accounts = useEntities((s) => s.accounts);
  const { ids } = state.tabs[which];
  if (ids.length === 0) return <p className={profileStyles.panelBody}>{t(`search.no_${which}`)}</p>;
  if (which === 'statuses')
    return (
      <div>
        {ids.map((id) => (
          <StatusCard key={id} statusId={id} context={CARD_CONTEXT} />
        ))}
      </div>
    );
  if (which === 'people')
    return (
      <ul className={profileStyles.rows}>
        {ids.map((id) => {
          const account = accounts[id];
          return account ? (
            <AccountRow key={id} account={account}>
              <PersonButtons accountId={id} />
            </AccountRow>
          ) : null;
        })}
      </ul>
    );
  return (
    <ul className={profileStyles.rows}>
      {ids.map((name) => {
        const tag = state.hashtags[name];
        return tag ? <HashtagResult key={name} tag={tag} /> : null;
      })}
    </ul>
  );
}

function SearchForm({ query }: { query: string }) {
  const inputId = useId();
  const hintId = useId();
  const listId = useId();
  const [draft, setDraft] = useState(query);
  // Keyed by the query: each search shown is remembered once, as the form starts.
  const [recent] = useState(() => (query ? rememberQuery(query) : readRecentQueries()));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const text = draft.trim();
    if (text) navigate(searchPath(text));
  };
  return (
    <>
      <form
        role="search"
        aria-label={t('search.title')}
        className={`${profileStyles.panelBody} ${profileStyles.form}`}
        onSubmit={onSubmit}
      >
        <label htmlFor={inputId}>{t('search.field_label')}</label>
        <TextField
          id={inputId}
          type="search"
          name="query"
          list={listId}
          autoComplete="off"
          aria-describedby={hintId}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
        />
        <datalist id={listId}>
          {recent.map((item) => (
            <option key={item} value={item} />
          ))}
        </datalist>
        <Button type="submit" variant="primary">
          {t('search.submit')}
        </Button>
        <p id={hintId} className={profileStyles.muted}>
          {t('search.field_hint')}
        </p>
      </form>
      {!query && recent.length > 0 && (
        <nav aria-labelledby={`${listId}-title`}>
          <h2 id={`${listId}-title`} className={profileStyles.panelTitle}>
            {t('search.recent')}
          </h2>
          <ul className={profileStyles.rows}>
            {recent.map((item) => (
              <li key={item} className={profileStyles.row}>
                <Link to={searchPath(item)}>{item}</Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </>
  );
}

function SearchResultsView({ query }: { query: string }) {
  const { state, loadMore, open } = useSearch(query);
  const tabs = SEARCH_TABS.map((id) => ({
    id,
    label: t(`search.tabs.${id}`, tabCountText(state.tabs[id].ids.length, state.tabs[id].more)),
  }));
  return (
    <>
      {state.phase === 'searching' && (
        <div className={profileStyles.listFooter}>
          <Spinner label={t('search.searching')} />
        </div>
      )}
      {state.phase === 'resolving' && (
        <div className={profileStyles.listFooter}>
          <Spinner label={t('search.resolving', query)} />
        </div>
      )}
      {state.phase === 'error' && (
        <p role="alert" className={profileStyles.panelBody}>
          {t('search.error', state.error ?? '')}
        </p>
      )}
      {state.phase === 'ready' && (
        <Tabs tabs={tabs} active={state.opened} onSelect={open} label={t('search.results_label')}>
          <TabContent which={state.opened} state={state} />
          <TabFooter tab={state.tabs[state.opened]} onMore={() => loadMore(state.opened)} />
        </Tabs>
      )}
    </>
  );
}

/** /search?query=: statuses, people and hashtags in tabs; an address or a handle opens what it names. */
export function SearchScreen({ match }: ScreenProps) {
  const query = (match.query.get('query') ?? '').trim();
  useScreenTitle(query ? `${t('search.title')}: ${query}` : null);
  return (
    <section className={profileStyles.panel} aria-labelledby="search-title">
      <h1 id="search-title" className={profileStyles.panelTitle}>
        {t('search.title')}
      </h1>
      <SearchForm key={query} query={query} />
      {query && <SearchResultsView key={query} query={query} />}
    </section>
  );
}
