import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const START_TIMEOUT_MS = 60_000;

export interface RunningInstance {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitUntilServing(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`local instance exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${url}api/v1/instance`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`local instance did not answer at ${url} within ${START_TIMEOUT_MS} ms`);
}

export interface StartOptions {
  /**
   * Public statuses added (server/src/seed/bulk.ts) to the demo seed before the instance starts,
   * for benchmarks of long timelines. They go to the seeded accounts in turn, local and remote.
   */
  bulkStatuses?: number;
  /** Notifications added (server/src/seed/bulk.ts) for one local user, for long-list benchmarks. */
  bulkNotifications?: { username: string; count: number };
  /** Environment variables for the instance (e.g. STARLING_CLIENT_DIR, the client it serves). */
  env?: Record<string, string>;
}

/** Writes the demo seed plus bulk statuses and notifications into a data folder, as the instance would. */
async function prefill(dataDir: string, origin: string, options: StartOptions): Promise<void> {
  const { buildApp } = await import('../server/src/app.ts');
  const { addBulkNotifications, addBulkStatuses } = await import('../server/src/seed/bulk.ts');
  const { app, ctx } = await buildApp({ dataDir, origin });
  try {
    if (options.bulkStatuses) addBulkStatuses(ctx, options.bulkStatuses);
    const notifications = options.bulkNotifications;
    if (notifications) addBulkNotifications(ctx, notifications.username, notifications.count);
  } finally {
    await app.close();
  }
}

/** Starts the real local instance (built client, demo seed) on a free port with a fresh data folder. */
export async function startInstance(
  extraArgs: string[] = [],
  options: StartOptions = {},
): Promise<RunningInstance> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'starling-e2e-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/`;
  if (options.bulkStatuses || options.bulkNotifications)
    await prefill(dataDir, url.replace(/\/$/, ''), options);
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'server/src/main.ts',
      '--port',
      String(port),
      '--data',
      dataDir,
      ...extraArgs,
    ],
    {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      // The journeys read captcha answers and mails through /api/starling/test (routes/registration.ts).
      env: { ...process.env, STARLING_TEST_HOOKS: '1', ...options.env },
    },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  try {
    await waitUntilServing(url, child);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${(error as Error).message}\n${output}`);
  }
  return {
    url,
    dataDir,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
