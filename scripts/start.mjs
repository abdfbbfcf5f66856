// `npm start [-- options]`: builds the client when it is missing or stale, then runs the local
// instance (server/src/main.ts) with the given options, e.g. `npm start -- --port 4100 --no-seed`.
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BUILT_INDEX = path.join(ROOT, 'dist', 'index.html');
/** Anything whose change means the built client is out of date. */
const CLIENT_INPUTS = ['web', 'vite.config.ts', 'package.json', 'index.html', 'tsconfig.json'];
const SKIPPED_FOLDERS = new Set(['node_modules', '.git']);
const FORWARDED_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'];
const IS_WINDOWS = process.platform === 'win32';

function mtimeOrNull(file) {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return null;
  }
}

/** The newest modification time of a file, or of any file under a folder. */
function newestMtime(target) {
  let stats;
  try {
    stats = statSync(target);
  } catch {
    return 0;
  }
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target, { withFileTypes: true })) {
    if (SKIPPED_FOLDERS.has(entry.name)) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

function clientIsStale() {
  const built = mtimeOrNull(BUILT_INDEX);
  if (built === null) return true;
  return CLIENT_INPUTS.some((input) => newestMtime(path.join(ROOT, input)) > built);
}

function buildClient() {
  console.log('Building the client (vite build)...');
  const result = spawnSync('npx', ['vite', 'build'], {
    cwd: ROOT,
    stdio: 'inherit',
    shell: IS_WINDOWS,
  });
  if (result.error) throw result.error;
  if (result.status !== 0) {
    console.error('The client build failed; not starting the server.');
    process.exit(result.status ?? 1);
  }
}

function runServer(args) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts', ...args], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  // The server handles a repeated signal (terminal Ctrl-C reaches both processes) gracefully.
  for (const signal of FORWARDED_SIGNALS) {
    process.on(signal, () => {
      if (child.exitCode === null) child.kill(signal);
    });
  }
  child.on('error', (error) => {
    console.error('Could not start the server:', error);
    process.exit(1);
  });
  child.on('exit', (code, signal) => {
    if (signal) {
      process.removeAllListeners(signal);
      process.kill(process.pid, signal);
      return;
    }
    process.exit(code ?? 1);
  });
}

const args = process.argv.slice(2);
const wantsHelp = args.includes('--help') || args.includes('-h');
if (!wantsHelp && clientIsStale()) buildClient();
runServer(args);
