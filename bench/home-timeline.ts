import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/src/app.ts';
import { addBulkStatuses } from '../server/src/seed/bulk.ts';
import { seedDemoData } from '../server/src/seed/index.ts';
import { passwordToken } from './oauth.ts';

export interface LatencyResult {
  statuses: number;
  requests: number;
  latenciesMs: number[];
}

/** Home-timeline latency over real HTTP on loopback, with `statuses` statuses in the database. */
export async function homeTimelineLatency(
  statuses: number,
  requests: number,
): Promise<LatencyResult> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'starling-bench-'));
  const { app, ctx } = await buildApp({ dataDir, origin: 'http://127.0.0.1' });
  try {
    const logins = seedDemoData(ctx);
    const existing = (ctx.db.prepare('SELECT count(*) AS n FROM statuses').get() as { n: number })
      .n;
    addBulkStatuses(ctx, Math.max(0, statuses - existing));
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const member = logins.find((login) => login.role === 'member' && !login.extra) ?? logins[0];
    if (!member) throw new Error('the demo seed returned no logins');
    const token = await passwordToken(address, member.username, member.password, 'read');
    const latenciesMs: number[] = [];
    for (let i = 0; i < requests; i += 1) {
      const started = performance.now();
      const response = await fetch(`${address}/api/v1/timelines/home?limit=20`, {
        headers: { authorization: `Bearer ${token}` },
      });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`home timeline answered ${response.status}`);
      latenciesMs.push(performance.now() - started);
    }
    const total = (ctx.db.prepare('SELECT count(*) AS n FROM statuses').get() as { n: number }).n;
    return { statuses: total, requests, latenciesMs };
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
