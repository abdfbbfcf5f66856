import '../../i18n/parts/conversation.ts';
import {
  lazy,
  Suspense,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import type { ScreenProps } from '../../router/matchRoute.ts';
import { t } from '../../i18n/index.ts';
import {
  buildConversationTree,
  dive,
  initialView,
  setRepliesShown,
  treeLayout,
  undive,
  type AncestorRow,
  type ConversationTree,
  type OtherRepliesButtonPlacement,
  type ThreadViewState,
  type TreeNode,
} from '../../lib/conversationTree.ts';
import { plainDisplayName } from '../../lib/pageTitle.ts';
import { useAccount, useEntities } from '../../state/entities.ts';
import { useScreenTitle } from '../../state/screenTitle.ts';
import { usePreferences } from '../../state/preferences.ts';
import { useOutbox } from '../../state/outbox.ts';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { lazyRetry } from '../../ui/lazyRetry.ts';
import { StatusCard } from '../status/StatusCard.tsx';
import styles from './Conversation.module.css';
import { useConversation } from './useConversation.ts';

// Replies waiting in the outbox (issue 26), below the conversation; loaded only when there are some.
const PendingPosts = lazy(() =>
  import('../outbox/PendingPosts.tsx').then((module) => ({ default: module.PendingPosts })),
);

/** The offline reading line (a chunk of its own, with its strings). */
const OfflineLine = lazyRetry(() =>
  import('../offline/OfflineLine.tsx').then((module) => ({ default: module.OfflineLine })),
);

/** The /notice/:id screen (spec part 1, §2 conversation view; §4 conversation). */
export function ConversationScreen({ match }: ScreenProps) {
  const id = match.params.id ?? '';
  return <Conversation key={id} statusId={id} />;
}

/** What each status item needs from the conversation. */
interface ItemContext {
  conversationId: string;
  focusedId: string | null;
  placement: OtherRepliesButtonPlacement;
  /** The focused status's item registers here, to be scrolled into view. */
  focusedRef: (element: HTMLLIElement | null) => void;
  /** Each shown status's place in reading order (1-based), for aria-posinset. */
  positions: ReadonlyMap<string, number>;
  /** How many statuses are shown; -1 while the rest of the thread is loading. */
  setSize: number;
}

/** The statuses of a tree view in reading order: depth first, as they are drawn. */
function readingOrder(nodes: readonly TreeNode[], into: string[] = []): string[] {
  for (const node of nodes) {
    into.push(node.id);
    readingOrder(node.children, into);
  }
  return into;
}

/** The acct of a status's author, for the accessible names of its thread buttons. */
function useAuthorAcct(statusId: string): string {
  return useEntities((state) => {
    const status = state.statuses[statusId];
    return (status && state.accounts[status.accountId]?.acct) ?? '';
  });
}

function StatusItem({
  id,
  level,
  context,
  controls,
  children,
}: {
  id: string;
  level: number;
  context: ItemContext;
  controls?: ReactNode;
  children?: ReactNode;
}) {
  const focused = id === context.focusedId;
  return (
    <li
      ref={focused ? context.focusedRef : undefined}
      className={`${styles.item} ${focused ? styles.focusedItem : ''}`}
      data-thread-status={id}
      data-level={level}
      aria-current={focused ? 'true' : undefined}
      tabIndex={-1}
    >
      <div className={context.placement === 'inside' ? styles.entryInside : styles.entry}>
        <StatusCard
          statusId={id}
          context={{ kind: 'conversation', conversationId: context.conversationId, focused }}
          position={{ index: context.positions.get(id) ?? 0, size: context.setSize }}
        />
        {controls && <div className={styles.controls}>{controls}</div>}
      </div>
      {children}
    </li>
  );
}

interface TreeActions {
  onToggle(id: string, shown: boolean): void;
  onDive(id: string): void;
}

function DiveButton({ id, onDive }: { id: string; onDive(id: string): void }) {
  const acct = useAuthorAcct(id);
  return (
    <button
      type="button"
      className={styles.textButton}
      aria-label={acct ? t('conversation.dive_label', acct) : undefined}
      onClick={() => onDive(id)}
    >
      {t('conversation.dive')}
    </button>
  );
}

function TreeItem({
  node,
  context,
  actions,
}: {
  node: TreeNode;
  context: ItemContext;
  actions: TreeActions;
}) {
  const repliesId = `conversation-replies-${node.id}`;
  const controls: ReactNode[] = [];
  if (node.replies === 'shown' || node.replies === 'hidden') {
    const shown = node.replies === 'shown';
    controls.push(
      <button
        key="replies"
        type="button"
        className={styles.textButton}
        aria-expanded={shown}
        aria-controls={shown ? repliesId : undefined}
        onClick={() => actions.onToggle(node.id, !shown)}
      >
        {shown ? t('conversation.hide_replies') : t('conversation.show_replies', node.replyCount)}
      </button>,
    );
  } else if (node.replies === 'dive') {
    controls.push(
      <button
        key="continue"
        type="button"
        className={styles.textButton}
        onClick={() => actions.onDive(node.id)}
      >
        {t('conversation.continue_thread', node.replyCount)}
      </button>,
    );
  }
  // Any status with replies, below the top of the tree, can become the top.
  if (node.level > 1 && (node.replies === 'shown' || node.replies === 'hidden')) {
    controls.push(<DiveButton key="dive" id={node.id} onDive={actions.onDive} />);
  }
  return (
    <StatusItem
      id={node.id}
      level={node.level}
      context={context}
      controls={controls.length > 0 ? controls : undefined}
    >
      {node.children.length > 0 && (
        <ul id={repliesId} className={styles.replies}>
          {node.children.map((child) => (
            <TreeItem key={child.id} node={child} context={context} actions={actions} />
          ))}
        </ul>
      )}
    </StatusItem>
  );
}

function AncestorItem({
  row,
  context,
  onDive,
}: {
  row: AncestorRow;
  context: ItemContext;
  onDive(id: string): void;
}) {
  return (
    <StatusItem
      id={row.id}
      level={1}
      context={context}
      controls={
        row.otherReplies > 0 ? (
          <button type="button" className={styles.textButton} onClick={() => onDive(row.id)}>
            {t('conversation.show_other_replies', row.otherReplies)}
          </button>
        ) : undefined
      }
    />
  );
}

/** The tree view's state for one tree: reset to the initial view whenever the tree is rebuilt. */
function useThreadView(tree: ConversationTree, focusedId: string | null, maxDepth: number) {
  const [saved, setSaved] = useState<{ tree: ConversationTree; view: ThreadViewState } | null>(
    null,
  );
  const view =
    saved && saved.tree === tree ? saved.view : initialView(tree, focusedId ?? '', maxDepth);
  const update = (change: (view: ThreadViewState) => ThreadViewState) =>
    setSaved({ tree, view: change(view) });
  return [view, update] as const;
}

function Conversation({ statusId }: { statusId: string }) {
  const load = useConversation(statusId);
  const { focusedId } = load;
  const pendingPosts = useOutbox((state) => state.posts.some((post) => post.inReplyToId !== null));
  const display = usePreferences((state) => state.conversationDisplay);
  const maxDepth = usePreferences((state) => state.maxDepthInThread);
  const placement = usePreferences((state) => state.conversationOtherRepliesButton);
  const setPreference = usePreferences((state) => state.setPreference);
  const conversationId = useEntities((state) =>
    focusedId ? (state.statuses[focusedId]?.conversationId ?? focusedId) : statusId,
  );
  const author = useAccount(
    useEntities((state) => (focusedId ? state.statuses[focusedId]?.accountId : undefined)),
  );
  useScreenTitle(
    author
      ? t(
          'conversation.document_title',
          plainDisplayName(
            author.displayName,
            author.emojis.map((emoji) => emoji.shortcode),
          ) || author.username,
        )
      : null,
  );

  const tree = useMemo(() => buildConversationTree(load.entries), [load.entries]);
  const [view, updateView] = useThreadView(tree, focusedId, maxDepth);
  const [collapsed, setCollapsed] = useState(false);
  const layout = useMemo(() => treeLayout(tree, view, maxDepth), [tree, view, maxDepth]);

  // Scroll the focused status into view: once when it first shows, once more when the
  // ancestors arrive above it. The route keeps the scroll position (no-scroll), so this is the
  // only scrolling on arrival.
  const focusedElement = useRef<HTMLLIElement | null>(null);
  const scrolledFor = useRef('');
  const scrollKey = `${focusedId ?? ''}:${load.contextLoaded}`;
  useLayoutEffect(() => {
    const element = focusedElement.current;
    if (!focusedId || !element || scrolledFor.current === scrollKey) return;
    scrolledFor.current = scrollKey;
    // The item holds its replies below it: scroll the status's own card, or a root with a long
    // thread would be centred off the top, under the sticky headers.
    const card = element.firstElementChild ?? element;
    const fits = card.getBoundingClientRect().height < window.innerHeight / 2;
    card.scrollIntoView?.({ block: fits ? 'center' : 'start' });
  });

  // After a dive or undive, keyboard focus moves to the status the thread now starts from, once
  // the view it asked for is on screen. An earlier commit (a chunk arriving just before the
  // click) may run its effects first; focusing then would land on an item the new view remounts.
  const listRef = useRef<HTMLUListElement | null>(null);
  const focusAfter = useRef<{ id: string; view: ThreadViewState } | null>(null);
  useEffect(() => {
    const pending = focusAfter.current;
    if (!pending || pending.view !== view) return;
    focusAfter.current = null;
    const list = listRef.current;
    const items = list ? [...list.querySelectorAll<HTMLElement>('[data-thread-status]')] : [];
    (items.find((item) => item.dataset.threadStatus === pending.id) ?? list)?.focus();
  });

  const changeViewAndFocus = (next: ThreadViewState, focusId: string | null) => {
    if (focusId) focusAfter.current = { id: focusId, view: next };
    updateView(() => next);
  };
  const onDive = (id: string) => changeViewAndFocus(dive(tree, view, id), id);
  const onUndive = () => changeViewAndFocus(undive(view), view.diveRoot);
  const onToggle = (id: string, shown: boolean) =>
    updateView((current) => setRepliesShown(current, id, shown));

  let shownIds: readonly string[] = [];
  if (focusedId) {
    if (collapsed) shownIds = [focusedId];
    else if (display === 'linear') shownIds = tree.order;
    else shownIds = [...layout.ancestors.map((row) => row.id), ...readingOrder(layout.top)];
  }
  const context: ItemContext = {
    conversationId,
    focusedId,
    placement,
    positions: new Map(shownIds.map((id, index) => [id, index + 1])),
    setSize: load.contextLoaded ? shownIds.length : -1,
    focusedRef: (element) => {
      focusedElement.current = element;
    },
  };
  const actions: TreeActions = { onToggle, onDive };
  const total = tree.order.length;
  const listId = `conversation-${statusId}`;
  const dived = display === 'tree' && !collapsed && layout.ancestors.length > 0;

  let list: ReactNode = null;
  if (focusedId) {
    if (collapsed) {
      list = <StatusItem id={focusedId} level={1} context={context} />;
    } else if (display === 'linear') {
      list = tree.order.map((id) => <StatusItem key={id} id={id} level={1} context={context} />);
    } else {
      list = (
        <>
          {layout.ancestors.map((row) => (
            <AncestorItem key={row.id} row={row} context={context} onDive={onDive} />
          ))}
          {layout.top.map((node) => (
            <TreeItem key={node.id} node={node} context={context} actions={actions} />
          ))}
        </>
      );
    }
  }

  return (
    <section className={styles.conversation} aria-labelledby="conversation-title">
      <header className={styles.header}>
        <h1 id="conversation-title" className={styles.title}>
          {t('nav.conversation')}
        </h1>
        {focusedId && load.phase !== 'notFound' && (
          <div className={styles.toolbar}>
            <div role="group" aria-label={t('conversation.display')} className={styles.modes}>
              {(['tree', 'linear'] as const).map((mode) => (
                <Button
                  key={mode}
                  compact
                  variant={display === mode ? 'primary' : 'secondary'}
                  aria-pressed={display === mode}
                  onClick={() => setPreference('conversationDisplay', mode)}
                >
                  {t(`conversation.${mode}`)}
                </Button>
              ))}
            </div>
            {load.contextLoaded && total > 1 && (
              <Button
                compact
                aria-expanded={!collapsed}
                aria-controls={listId}
                onClick={() => setCollapsed((value) => !value)}
              >
                {collapsed ? t('conversation.expand', total) : t('conversation.collapse')}
              </Button>
            )}
          </div>
        )}
      </header>
      {load.offlineSavedAt !== undefined && (
        <Suspense fallback={null}>
          <OfflineLine savedAt={load.offlineSavedAt} />
        </Suspense>
      )}

      {load.phase === 'notFound' && <p className={styles.message}>{t('conversation.not_found')}</p>}
      {load.phase === 'error' && (
        <div className={styles.error} role="alert">
          <p>{t('conversation.error', load.detail)}</p>
          <Button compact onClick={load.retry}>
            {t('conversation.retry')}
          </Button>
        </div>
      )}

      {dived && (
        <p className={styles.undiveBar}>
          <Button compact onClick={onUndive}>
            {t('conversation.undive')}
          </Button>
        </p>
      )}

      {load.phase !== 'notFound' && focusedId && (
        <ul
          id={listId}
          ref={listRef}
          className={styles.thread}
          aria-label={t('conversation.statuses')}
          aria-busy={!load.contextLoaded}
          tabIndex={-1}
        >
          {list}
        </ul>
      )}
      {pendingPosts && focusedId && (
        <Suspense fallback={null}>
          <PendingPosts conversationOf={focusedId} />
        </Suspense>
      )}

      {load.phase === 'loading' && (
        <div className={styles.waiting}>
          <Spinner label={t('conversation.loading')} />
        </div>
      )}
    </section>
  );
}
