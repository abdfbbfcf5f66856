import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import type { AuthenticatedToken, ServerContext } from './context.ts';
import type { StreamMessage } from './events.ts';

/**
 * The streaming API at /api/v1/streaming, as Mastodon and Pleroma serve it over WebSocket.
 *
 * A socket holds topics (what the client asked for: `user`, `hashtag` + tag, ...). Each topic maps
 * to one or more internal stream names of ServerEvents ('user:<id>', 'hashtag:<tag>', ...). A
 * published StreamMessage reaches every socket with a topic on one of its streams, at most once
 * per socket, rendered for that socket's account.
 */

export const STREAMING_PATH = '/api/v1/streaming';

const DEFAULT_PING_INTERVAL_MS = 30_000;
const MAX_CLIENT_MESSAGE_BYTES = 64 * 1024;
/** A client this far behind is not reading; dropping it beats buffering without bound. */
const MAX_BUFFERED_BYTES = 8 * 1024 * 1024;
const CLOSE_POLICY_VIOLATION = 1008;
const CLOSE_SERVER_OVERLOAD = 1013;

export interface StreamingOptions {
  /** Interval of keepalive pings; a socket that has not answered the previous ping is dropped. */
  pingIntervalMs?: number;
  /**
   * Owner account id of a list, or null when there is no such list. Used to refuse subscriptions
   * to somebody else's list. Default: reads `account_id` from the `lists` table; if that query is
   * not possible the subscription is allowed (render still filters what the viewer may see).
   */
  listOwner?: (listId: string) => string | null | undefined;
}

type StreamEvent = StreamMessage['event'];

interface Topic {
  /** Identity for subscribe/unsubscribe, e.g. 'hashtag:cats'. */
  key: string;
  /** The `stream` field of outgoing frames, e.g. ['hashtag', 'cats']. */
  label: string[];
  /** Internal ServerEvents stream names that feed this topic. */
  sources: string[];
  /** Only these events pass (all when absent). */
  events?: ReadonlySet<StreamEvent>;
}

type TopicError = 'bad_topic' | 'unauthorized';
type TopicResult = { ok: true; topic: Topic } | { ok: false; error: TopicError };

interface TopicRequest {
  stream?: unknown;
  tag?: unknown;
  list?: unknown;
}

interface Viewer {
  token: string;
  auth: AuthenticatedToken;
}

interface Connection {
  socket: WebSocket;
  viewer: Viewer | null;
  /** Insertion-ordered: the first matching topic labels a frame. */
  topics: Map<string, Topic>;
  alive: boolean;
}

interface Handshake {
  viewer: Viewer | null;
  initialTopic: Topic | null;
}

const NOTIFICATION_EVENTS: ReadonlySet<StreamEvent> = new Set<StreamEvent>(['notification']);

function hasReadScope(auth: AuthenticatedToken): boolean {
  return auth.scopes.some((scope) => scope === 'read' || scope.startsWith('read:'));
}

function nonEmptyString(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

function resolveTopic(
  request: TopicRequest,
  viewer: Viewer | null,
  listOwner: (listId: string) => string | null | undefined,
): TopicResult {
  const stream = nonEmptyString(request.stream);
  if (!stream) return { ok: false, error: 'bad_topic' };

  const simple = (sources: string[]): TopicResult => ({
    ok: true,
    topic: { key: stream, label: [stream], sources },
  });

  if (stream === 'public' || stream === 'public:local') return simple([stream]);

  if (stream === 'hashtag' || stream === 'hashtag:local') {
    const tag = nonEmptyString(request.tag)?.replace(/^#/, '');
    if (!tag) return { ok: false, error: 'bad_topic' };
    const name = tag.toLowerCase();
    const source = stream === 'hashtag' ? `hashtag:${name}` : `hashtag:local:${name}`;
    return { ok: true, topic: { key: source, label: [stream, tag], sources: [source] } };
  }

  // Everything below belongs to one account.
  const isPersonal = ['user', 'user:notification', 'direct', 'list', 'user:pleroma_chat'].includes(
    stream,
  );
  if (!isPersonal) return { ok: false, error: 'bad_topic' };
  const accountId = viewer?.auth.accountId;
  if (!viewer || !accountId || !hasReadScope(viewer.auth))
    return { ok: false, error: 'unauthorized' };

  switch (stream) {
    case 'user':
      // Pleroma sends chat updates on the user stream as well as on user:pleroma_chat.
      return simple([`user:${accountId}`, `user:pleroma_chat:${accountId}`]);
    case 'user:notification':
      return {
        ok: true,
        topic: {
          key: stream,
          label: [stream],
          sources: [`user:${accountId}`],
          events: NOTIFICATION_EVENTS,
        },
      };
    case 'direct':
      return simple([`direct:${accountId}`]);
    case 'user:pleroma_chat':
      return simple([`user:pleroma_chat:${accountId}`]);
    default: {
      const listId = nonEmptyString(request.list);
      if (!listId) return { ok: false, error: 'bad_topic' };
      const owner = listOwner(listId);
      if (owner === null) return { ok: false, error: 'bad_topic' };
      if (owner !== undefined && owner !== accountId) return { ok: false, error: 'unauthorized' };
      return {
        ok: true,
        topic: { key: `list:${listId}`, label: ['list', listId], sources: [`list:${listId}`] },
      };
    }
  }
}

/** A list owner lookup against the core's `lists` table; undefined when it cannot tell. */
function defaultListOwner(
  ctx: ServerContext,
  log: FastifyInstance['log'],
): (listId: string) => string | null | undefined {
  let warned = false;
  return (listId) => {
    try {
      const row = ctx.db.prepare('SELECT account_id FROM lists WHERE id = ?').get(listId) as
        { account_id: unknown } | undefined;
      return row ? String(row.account_id) : null;
    } catch (error) {
      if (!warned)
        log.warn(
          { err: error },
          'streaming: cannot check list owners; list subscriptions are not restricted',
        );
      warned = true;
      return undefined;
    }
  };
}

function firstQueryValue(query: unknown, name: string): string | undefined {
  if (!query || typeof query !== 'object') return undefined;
  const value = (query as Record<string, unknown>)[name];
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first : undefined;
}

/** Token from ?access_token, an Authorization bearer header, or the first Sec-WebSocket-Protocol. */
function tokenFromRequest(request: FastifyRequest): string | null {
  const fromQuery = nonEmptyString(firstQueryValue(request.query, 'access_token'));
  if (fromQuery) return fromQuery;
  const authorization = request.headers.authorization;
  const bearer = authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
  if (bearer) return bearer;
  const protocols = request.headers['sec-websocket-protocol'];
  return nonEmptyString(protocols?.split(',')[0]);
}

function respondFrame(
  type: string,
  result: 'success' | 'ignored' | 'error',
  error?: string,
): string {
  const payload = error ? { type, result, error } : { type, result };
  // An empty stream list: Mastodon libraries route every frame by its `stream`, and this one
  // belongs to none.
  return JSON.stringify({ stream: [], event: 'pleroma:respond', payload: JSON.stringify(payload) });
}

function parseClientMessage(data: RawData): Record<string, unknown> | null {
  try {
    const parsed: unknown = JSON.parse(data.toString());
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

export async function registerStreaming(
  app: FastifyInstance,
  ctx: ServerContext,
  options: StreamingOptions = {},
): Promise<void> {
  if (!app.hasDecorator('websocketServer')) {
    await app.register(websocket, { options: { maxPayload: MAX_CLIENT_MESSAGE_BYTES } });
  }

  const listOwner = options.listOwner ?? defaultListOwner(ctx, app.log);
  const connections = new Set<Connection>();
  /** Internal stream name -> sockets with a topic fed by it. */
  const bySource = new Map<string, Set<Connection>>();
  const handshakes = new WeakMap<FastifyRequest, Handshake>();

  function index(conn: Connection, topic: Topic): void {
    for (const source of topic.sources) {
      let set = bySource.get(source);
      if (!set) bySource.set(source, (set = new Set()));
      set.add(conn);
    }
  }

  function unindex(conn: Connection, topic: Topic): void {
    for (const source of topic.sources) {
      const stillFed = [...conn.topics.values()].some(
        (other) => other !== topic && other.sources.includes(source),
      );
      if (stillFed) continue;
      const set = bySource.get(source);
      set?.delete(conn);
      if (set?.size === 0) bySource.delete(source);
    }
  }

  function addTopic(conn: Connection, topic: Topic): boolean {
    if (conn.topics.has(topic.key)) return false;
    conn.topics.set(topic.key, topic);
    index(conn, topic);
    return true;
  }

  function removeTopic(conn: Connection, key: string): boolean {
    const topic = conn.topics.get(key);
    if (!topic) return false;
    conn.topics.delete(key);
    unindex(conn, topic);
    return true;
  }

  function drop(conn: Connection): void {
    for (const key of [...conn.topics.keys()]) removeTopic(conn, key);
    connections.delete(conn);
  }

  function matchingTopic(conn: Connection, message: StreamMessage): Topic | undefined {
    for (const topic of conn.topics.values()) {
      if (topic.events && !topic.events.has(message.event)) continue;
      if (topic.sources.some((source) => message.streams.includes(source))) return topic;
    }
    return undefined;
  }

  function deliver(message: StreamMessage): void {
    const targets = new Map<Connection, Topic>();
    for (const source of message.streams) {
      for (const conn of bySource.get(source) ?? []) {
        if (targets.has(conn)) continue;
        const topic = matchingTopic(conn, message);
        if (topic) targets.set(conn, topic);
      }
    }

    const rendered = new Map<string | null, string | null>();
    const renderFor = (viewerId: string | null): string | null => {
      if (rendered.has(viewerId)) return rendered.get(viewerId) ?? null;
      let payload: string | null = null;
      try {
        const value = message.render(viewerId);
        if (value !== null && value !== undefined)
          payload = typeof value === 'string' ? value : JSON.stringify(value);
      } catch (error) {
        app.log.error({ err: error, event: message.event }, 'streaming: render failed');
      }
      rendered.set(viewerId, payload);
      return payload;
    };

    for (const [conn, topic] of targets) {
      if (conn.socket.readyState !== conn.socket.OPEN) continue;
      if (conn.viewer && !ctx.authenticate(conn.viewer.token)) {
        conn.socket.close(CLOSE_POLICY_VIOLATION, 'token revoked');
        drop(conn);
        continue;
      }
      const payload = renderFor(conn.viewer?.auth.accountId ?? null);
      if (payload === null) continue;
      if (conn.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
        conn.socket.close(CLOSE_SERVER_OVERLOAD, 'client too slow');
        drop(conn);
        continue;
      }
      conn.socket.send(JSON.stringify({ stream: topic.label, event: message.event, payload }));
    }
  }

  function handleClientMessage(conn: Connection, data: RawData, isBinary: boolean): void {
    if (isBinary) return;
    const message = parseClientMessage(data);
    const type = message?.type;
    if (!message || typeof type !== 'string') return;

    if (type === 'subscribe' || type === 'unsubscribe') {
      const resolved = resolveTopic(message, conn.viewer, listOwner);
      if (!resolved.ok) {
        conn.socket.send(respondFrame(type, 'error', resolved.error));
        return;
      }
      const changed =
        type === 'subscribe'
          ? addTopic(conn, resolved.topic)
          : removeTopic(conn, resolved.topic.key);
      conn.socket.send(respondFrame(type, changed ? 'success' : 'ignored'));
      return;
    }

    if (type === 'pleroma:authenticate') {
      if (conn.viewer) {
        conn.socket.send(respondFrame(type, 'error', 'already_authenticated'));
        return;
      }
      const token = nonEmptyString(message.token);
      const auth = token ? ctx.authenticate(token) : null;
      if (!token || !auth) {
        conn.socket.send(respondFrame(type, 'error', 'unauthorized'));
        return;
      }
      conn.viewer = { token, auth };
      conn.socket.send(respondFrame(type, 'success'));
    }
    // Other types are ignored without a reply, as Pleroma does.
  }

  async function checkHandshake(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const token = tokenFromRequest(request);
    let viewer: Viewer | null = null;
    if (token) {
      const auth = ctx.authenticate(token);
      if (!auth) {
        await reply.code(401).send({ error: 'Invalid access token' });
        return;
      }
      viewer = { token, auth };
    }

    let initialTopic: Topic | null = null;
    const stream = firstQueryValue(request.query, 'stream');
    if (stream !== undefined) {
      const resolved = resolveTopic(
        {
          stream,
          tag: firstQueryValue(request.query, 'tag'),
          list: firstQueryValue(request.query, 'list'),
        },
        viewer,
        listOwner,
      );
      if (!resolved.ok) {
        if (resolved.error === 'unauthorized') {
          await reply.code(401).send({
            error: viewer
              ? 'This stream needs a user token with read scope'
              : 'Missing access token',
          });
        } else {
          await reply.code(400).send({ error: 'Unknown stream type' });
        }
        return;
      }
      initialTopic = resolved.topic;
    }
    handshakes.set(request, { viewer, initialTopic });
  }

  function onConnection(socket: WebSocket, request: FastifyRequest): void {
    const handshake = handshakes.get(request);
    if (!handshake) {
      socket.close(CLOSE_POLICY_VIOLATION, 'handshake not checked');
      return;
    }
    const conn: Connection = { socket, viewer: handshake.viewer, topics: new Map(), alive: true };
    connections.add(conn);
    if (handshake.initialTopic) addTopic(conn, handshake.initialTopic);

    socket.on('pong', () => {
      conn.alive = true;
    });
    socket.on('message', (data, isBinary) => {
      try {
        handleClientMessage(conn, data, isBinary);
      } catch (error) {
        app.log.error({ err: error }, 'streaming: client message failed');
      }
    });
    socket.on('close', () => drop(conn));
  }

  const routeOptions = { websocket: true as const, preValidation: checkHandshake };
  app.get(STREAMING_PATH, routeOptions, onConnection);
  // Pleroma's documentation writes the path with a trailing slash.
  const ignoresTrailingSlash =
    app.initialConfig.routerOptions?.ignoreTrailingSlash ?? app.initialConfig.ignoreTrailingSlash;
  if (!ignoresTrailingSlash) app.get(`${STREAMING_PATH}/`, routeOptions, onConnection);

  const onStream = (message: StreamMessage): void => {
    try {
      deliver(message);
    } catch (error) {
      app.log.error({ err: error }, 'streaming: delivery failed');
    }
  };
  ctx.events.on('stream', onStream);

  const pingTimer = setInterval(() => {
    for (const conn of connections) {
      if (!conn.alive) {
        conn.socket.terminate();
        drop(conn);
        continue;
      }
      conn.alive = false;
      conn.socket.ping();
    }
  }, options.pingIntervalMs ?? DEFAULT_PING_INTERVAL_MS);
  pingTimer.unref();

  app.addHook('onClose', async () => {
    clearInterval(pingTimer);
    ctx.events.off('stream', onStream);
    for (const conn of connections) conn.socket.terminate();
    connections.clear();
    bySource.clear();
  });
}
