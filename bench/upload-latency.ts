import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { passwordToken } from './oauth.ts';

/** Quality bar: a health request answers within 100 ms while four large images are uploaded. */
export const UPLOAD_SIDE = 6000;
export const PARALLEL_UPLOADS = 4;
const POLL_INTERVAL_MS = 50;
const IDLE_POLL_MS = 2_000;

export interface UploadLatencyResult {
  uploads: number;
  uploadBytes: number;
  uploadSeconds: number;
  healthLatenciesMs: number[];
  /** The same polling with no uploads running: what the machine itself adds. */
  idleLatenciesMs: number[];
}

/**
 * A side x side PNG that is costly to decode but fits the upload limit: smooth gradients with a
 * fine pattern, so it compresses to a few megabytes.
 */
async function largePng(side: number): Promise<Buffer> {
  const raw = Buffer.alloc(side * side * 3);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const i = (y * side + x) * 3;
      raw[i] = Math.floor((x * 255) / side);
      raw[i + 1] = Math.floor((y * 255) / side);
      raw[i + 2] = ((x >> 3) ^ (y >> 3)) & 0x3f;
    }
  }
  return sharp(raw, { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 6 })
    .toBuffer();
}

/**
 * Uploads the file `count` times in parallel from a child process, so that building and sending
 * the request bodies never delays the health requests this process is timing.
 */
const UPLOADER = `
const [origin, token, file, count] = process.argv.slice(1);
const { readFile } = await import('node:fs/promises');
const bytes = await readFile(file);
const upload = async () => {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type: 'image/png' }), 'large.png');
  const response = await fetch(origin + '/api/v1/media', {
    method: 'POST',
    headers: { authorization: 'Bearer ' + token },
    body: form,
  });
  if (!response.ok) throw new Error('upload failed: ' + response.status + ' ' + (await response.text()));
};
await Promise.all(Array.from({ length: Number(count) }, upload));
`;

function uploadInParallel(origin: string, token: string, file: string, count: number) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--input-type=module', '-e', UPLOADER, origin, token, file, String(count)],
      { stdio: ['ignore', 'inherit', 'pipe'] },
    );
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(errors))));
  });
}

/** Latencies of GET /api/v1/instance, one started every POLL_INTERVAL_MS until `until` settles. */
async function pollHealth(origin: string, until: () => Promise<void>): Promise<number[]> {
  const latencies: number[] = [];
  const pending = new Set<Promise<void>>();
  const poll = () => {
    const started = performance.now();
    const request = fetch(`${origin}/api/v1/instance`)
      .then((response) => response.arrayBuffer())
      .then(() => void latencies.push(performance.now() - started));
    pending.add(request);
    void request.finally(() => pending.delete(request));
  };
  poll();
  const timer = setInterval(poll, POLL_INTERVAL_MS);
  try {
    await until();
  } finally {
    clearInterval(timer);
  }
  await Promise.all(pending);
  return latencies;
}

/**
 * Latency of GET /api/v1/instance, started every POLL_INTERVAL_MS while PARALLEL_UPLOADS uploads
 * of a UPLOAD_SIDE x UPLOAD_SIDE PNG run against a started instance at `origin`; and, for
 * comparison on a busy machine, the same polling for IDLE_POLL_MS with no uploads.
 */
export async function healthLatencyDuringUploads(
  origin: string,
  username: string,
  password: string,
): Promise<UploadLatencyResult> {
  const png = await largePng(UPLOAD_SIDE);
  const folder = mkdtempSync(path.join(tmpdir(), 'starling-bench-'));
  const file = path.join(folder, 'large.png');
  writeFileSync(file, png);
  const token = await passwordToken(origin, username, password, 'read write');
  try {
    const idleLatenciesMs = await pollHealth(
      origin,
      () => new Promise((resolve) => setTimeout(resolve, IDLE_POLL_MS)),
    );
    const started = performance.now();
    const healthLatenciesMs = await pollHealth(origin, () =>
      uploadInParallel(origin, token, file, PARALLEL_UPLOADS),
    );
    return {
      uploads: PARALLEL_UPLOADS,
      uploadBytes: png.length,
      uploadSeconds: (performance.now() - started) / 1000,
      healthLatenciesMs,
      idleLatenciesMs,
    };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
