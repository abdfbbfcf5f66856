import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import WebSocket, { WebSocketServer } from 'ws';

/** Headers a WebSocket handshake forwards to the instance. */
const FORWARDED_HEADERS = ['authorization', 'cookie', 'user-agent', 'accept-language'] as const;
/** How long the instance may take to answer the handshake before the browser is told 504. */
const HANDSHAKE_TIMEOUT_MS = 10_000;
const MAX_REFUSAL_BODY_BYTES = 16 * 1024;

function writeHttpAnswer(
  socket: Duplex,
  status: number,
  reason: string,
  body: string,
  contentType = 'application/json; charset=utf-8',
): void {
  if (socket.destroyed) return;
  const bytes = Buffer.from(body);
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\n` +
      `content-type: ${contentType}\r\n` +
      `content-length: ${bytes.length}\r\n` +
      'connection: close\r\n\r\n' +
      bytes.toString('binary'),
    'binary',
  );
}

/** A close code the browser side may be sent (1005, 1006 and 1015 are reserved for reporting). */
function sendableCode(code: number): number {
  if (code === 1005) return 1000;
  return (code >= 1000 && code <= 1014 && ![1004, 1005, 1006].includes(code)) ||
    (code >= 3000 && code <= 4999)
    ? code
    : 1011;
}

/**
 * Proxy mode's WebSocket: the instance is asked first, and the browser's socket is accepted only
 * when the instance accepted its own. A refusal (404 with no streaming, 401 for a bad token...)
 * reaches the browser as the same HTTP answer, so the client sees a failed handshake rather than
 * a socket that opens and dies at once.
 */
export function registerWebSocketPassThrough(
  app: FastifyInstance,
  upstream: string,
  isProxiedPath: (pathname: string) => boolean,
): void {
  const chosenProtocol = new WeakMap<IncomingMessage, string>();
  const browserSide = new WebSocketServer({
    noServer: true,
    // The browser gets the subprotocol the instance chose (Mastodon's token-as-protocol).
    handleProtocols: (_offered, request) => chosenProtocol.get(request) || false,
  });
  const wsUpstream = upstream.replace(/^http/, 'ws');

  app.server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = request.url ?? '/';
    if (!isProxiedPath(url.split('?', 1)[0]!)) {
      writeHttpAnswer(socket, 404, 'Not Found', JSON.stringify({ error: 'Not found' }));
      return;
    }
    const headers: Record<string, string> = {};
    for (const name of FORWARDED_HEADERS) {
      const value = request.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const offered = request.headers['sec-websocket-protocol'];
    const protocols =
      typeof offered === 'string'
        ? offered
            .split(',')
            .map((p) => p.trim())
            .filter(Boolean)
        : [];
    const target = new WebSocket(`${wsUpstream}${url}`, protocols, {
      headers,
      origin: upstream,
      handshakeTimeout: HANDSHAKE_TIMEOUT_MS,
    });
    let settled = false;
    socket.on('error', () => target.terminate());
    socket.once('close', () => {
      if (!settled) target.terminate();
    });

    target.once('unexpected-response', (_request, response) => {
      settled = true;
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size <= MAX_REFUSAL_BODY_BYTES) chunks.push(chunk);
      });
      response.on('end', () => {
        const status = response.statusCode ?? 502;
        writeHttpAnswer(
          socket,
          status,
          response.statusMessage ?? 'Refused',
          Buffer.concat(chunks).toString('utf8'),
          String(response.headers['content-type'] ?? 'text/plain; charset=utf-8'),
        );
        target.terminate();
      });
    });

    target.once('error', (error) => {
      if (settled) return;
      settled = true;
      const timedOut = /timed out/i.test(error.message);
      writeHttpAnswer(
        socket,
        timedOut ? 504 : 502,
        timedOut ? 'Gateway Timeout' : 'Bad Gateway',
        JSON.stringify({ error: 'The instance could not be reached for streaming' }),
      );
    });

    target.once('open', () => {
      settled = true;
      if (socket.destroyed) {
        target.close(1001);
        return;
      }
      if (target.protocol) chosenProtocol.set(request, target.protocol);
      browserSide.handleUpgrade(request, socket, head, (source) => {
        source.on('message', (data, isBinary) => target.send(data, { binary: isBinary }));
        target.on('message', (data, isBinary) => source.send(data, { binary: isBinary }));
        source.on('ping', (data) => target.ping(data));
        target.on('pong', (data) => source.pong(data));
        source.once('close', (code, reason) => target.close(sendableCode(code), reason));
        target.once('close', (code, reason) => source.close(sendableCode(code), reason));
        source.on('error', () => target.terminate());
        target.on('error', () => source.terminate());
      });
    });
  });

  app.addHook('onClose', async () => {
    for (const client of browserSide.clients) client.terminate();
    browserSide.close();
  });
}
