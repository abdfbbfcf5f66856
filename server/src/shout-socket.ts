import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { accountIdOfChatToken } from './auth/chat-token.ts';
import type { ServerContext } from './context.ts';
import { getAccount } from './db/accounts.ts';
import { addShout, recentShouts, type ShoutRow } from './db/shouts.ts';
import { SHOUT_LIMIT } from './routes/constants.ts';
import { renderAccount } from './views/account.ts';
import { RenderContext } from './views/context.ts';

/**
 * The shout box as Pleroma serves it: a Phoenix channel socket (protocol vsn 2.0.0) at
 * /socket/websocket, signed in with the account's chat_token, and the channel `chat:public`.
 *
 * Frames are JSON arrays `[join_ref, ref, topic, event, payload]`. A join is answered with
 * `phx_reply` and then a `messages` push of the kept shouts (oldest first); a `new_msg` push
 * `{text}` is stored and broadcast to every joined socket as `new_msg` `{id, text, author}`.
 * Heartbeats on the topic `phoenix` are answered like any other push.
 */

export const SHOUT_SOCKET_PATH = '/socket/websocket';
export const SHOUT_TOPIC = 'chat:public';

const MAX_CLIENT_MESSAGE_BYTES = 64 * 1024;
/** Phoenix closes a socket that sent nothing (not even a heartbeat) for this long. */
const IDLE_TIMEOUT_MS = 60_000;
const CLOSE_POLICY_VIOLATION = 1008;

type Ref = string | null;
type Frame = [joinRef: Ref, ref: Ref, topic: string, event: string, payload: unknown];

interface Connection {
  socket: WebSocket;
  accountId: string;
  /** join_ref of the shout channel while joined. */
  joinRef: Ref | undefined;
  lastSeen: number;
}

function firstQueryValue(query: unknown, name: string): string | undefined {
  if (!query || typeof query !== 'object') return undefined;
  const value = (query as Record<string, unknown>)[name];
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first : undefined;
}

function parseFrame(data: RawData): Frame | null {
  try {
    const parsed: unknown = JSON.parse(data.toString());
    if (!Array.isArray(parsed) || parsed.length !== 5) return null;
    const [joinRef, ref, topic, event, payload] = parsed as unknown[];
    const isRef = (value: unknown) => value === null || typeof value === 'string';
    if (!isRef(joinRef) || !isRef(ref) || typeof topic !== 'string' || typeof event !== 'string')
      return null;
    return [joinRef as Ref, ref as Ref, topic, event, payload];
  } catch {
    return null;
  }
}

/** Why a shout is refused, or null when it may be posted. */
function shoutTextProblem(text: string): string | null {
  if (text === '') return 'Text is empty';
  if ([...text].length > SHOUT_LIMIT) return `Text is longer than ${SHOUT_LIMIT} characters`;
  return null;
}

export async function registerShoutSocket(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  if (!app.hasDecorator('websocketServer')) {
    await app.register(websocket, { options: { maxPayload: MAX_CLIENT_MESSAGE_BYTES } });
  }
  const connections = new Set<Connection>();
  const signedIn = new WeakMap<FastifyRequest, string>();

  function activeAccount(accountId: string) {
    const row = getAccount(ctx.db, accountId);
    return row && row.local === 1 && row.deactivated === 0 ? row : null;
  }

  function renderShout(rc: RenderContext, shout: ShoutRow): Record<string, unknown> | null {
    const row = rc.account(shout.account_id);
    if (!row) return null;
    const account = renderAccount(rc, row);
    return {
      id: shout.id,
      text: shout.text,
      author: { id: account.id, username: account.username, avatar: account.avatar },
    };
  }

  function send(conn: Connection, frame: Frame): void {
    if (conn.socket.readyState === conn.socket.OPEN) conn.socket.send(JSON.stringify(frame));
  }

  function reply(conn: Connection, frame: Frame, status: 'ok' | 'error', response = {}): void {
    const [joinRef, ref, topic] = frame;
    send(conn, [joinRef, ref, topic, 'phx_reply', { status, response }]);
  }

  function join(conn: Connection, frame: Frame): void {
    const [joinRef, , topic] = frame;
    if (topic !== SHOUT_TOPIC) return reply(conn, frame, 'error', { reason: 'unmatched topic' });
    conn.joinRef = joinRef;
    reply(conn, frame, 'ok');
    const rc = new RenderContext(ctx, null);
    const messages = recentShouts(ctx.db).flatMap((shout) => renderShout(rc, shout) ?? []);
    send(conn, [joinRef, null, SHOUT_TOPIC, 'messages', { messages }]);
  }

  function shout(conn: Connection, frame: Frame): void {
    const payload = frame[4];
    const raw =
      payload && typeof payload === 'object' ? (payload as { text?: unknown }).text : null;
    const text = typeof raw === 'string' ? raw.trim() : '';
    const problem = shoutTextProblem(text);
    if (problem) return reply(conn, frame, 'error', { reason: problem });
    const message = renderShout(
      new RenderContext(ctx, null),
      addShout(ctx.db, conn.accountId, text),
    );
    for (const other of connections) {
      if (other.joinRef !== undefined) send(other, [null, null, SHOUT_TOPIC, 'new_msg', message]);
    }
    reply(conn, frame, 'ok');
  }

  function handleFrame(conn: Connection, frame: Frame): void {
    const [joinRef, , topic, event] = frame;
    if (topic === 'phoenix' && event === 'heartbeat') return reply(conn, frame, 'ok');
    if (!activeAccount(conn.accountId)) {
      conn.socket.close(CLOSE_POLICY_VIOLATION, 'account unavailable');
      return;
    }
    if (event === 'phx_join') return join(conn, frame);
    const joined = topic === SHOUT_TOPIC && conn.joinRef !== undefined && joinRef === conn.joinRef;
    if (!joined) return reply(conn, frame, 'error', { reason: 'unmatched topic' });
    if (event === 'phx_leave') {
      conn.joinRef = undefined;
      return reply(conn, frame, 'ok');
    }
    if (event === 'new_msg') return shout(conn, frame);
    reply(conn, frame, 'error', { reason: 'unknown event' });
  }

  async function checkHandshake(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const vsn = firstQueryValue(request.query, 'vsn');
    if (vsn !== undefined && !vsn.startsWith('2.')) {
      await reply.code(400).send({ error: 'Only Phoenix protocol version 2.0.0 is spoken here' });
      return;
    }
    const token = firstQueryValue(request.query, 'token') ?? '';
    const accountId = token ? accountIdOfChatToken(ctx.db, token) : null;
    if (!accountId || !activeAccount(accountId)) {
      await reply.code(403).send({ error: 'Invalid chat token' });
      return;
    }
    signedIn.set(request, accountId);
  }

  function onConnection(socket: WebSocket, request: FastifyRequest): void {
    const accountId = signedIn.get(request);
    if (!accountId) {
      socket.close(CLOSE_POLICY_VIOLATION, 'handshake not checked');
      return;
    }
    const conn: Connection = { socket, accountId, joinRef: undefined, lastSeen: Date.now() };
    connections.add(conn);
    socket.on('message', (data, isBinary) => {
      conn.lastSeen = Date.now();
      const frame = isBinary ? null : parseFrame(data);
      if (!frame) return;
      try {
        handleFrame(conn, frame);
      } catch (error) {
        app.log.error({ err: error }, 'shout socket: client message failed');
        reply(conn, frame, 'error', { reason: 'server error' });
      }
    });
    socket.on('close', () => connections.delete(conn));
  }

  app.get(SHOUT_SOCKET_PATH, { websocket: true, preValidation: checkHandshake }, onConnection);

  const idleTimer = setInterval(() => {
    const cutoff = Date.now() - IDLE_TIMEOUT_MS;
    for (const conn of connections) {
      if (conn.lastSeen < cutoff) conn.socket.terminate();
    }
  }, IDLE_TIMEOUT_MS / 2);
  idleTimer.unref();

  app.addHook('onClose', async () => {
    clearInterval(idleTimer);
    for (const conn of connections) conn.socket.terminate();
    connections.clear();
  });
}
