// `npm run dev [-- server options]`: the local instance on port 4000 and Vite's dev server (hot
// reload) on port 5173, which proxies the instance's paths to it (see vite.config.ts).
// Server options pass through, e.g. `npm run dev -- --instance https://pleroma.example`.
// When either process exits, the other is stopped too.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DEFAULT_SERVER_PORT = '4000';
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'];

const VITE_BIN = path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js');

/** The server's port from `--port N` or `--port=N` (main.ts validates it). */
function portFrom(args) {
  const index = args.indexOf('--port');
  if (index >= 0) return args[index + 1];
  return args.find((arg) => arg.startsWith('--port='))?.slice('--port='.length);
}

const serverArgs = process.argv.slice(2);
const serverPort = portFrom(serverArgs) ?? DEFAULT_SERVER_PORT;
if (portFrom(serverArgs) === undefined) serverArgs.push('--port', DEFAULT_SERVER_PORT);
if (serverPort === '0') {
  console.error('[dev] Vite needs to know the server port; give a fixed one with --port N.');
  process.exit(2);
}

const children = [];
let exitCode = null;

function start(name, command, args, env = {}) {
  const child = spawn(command, args, {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  child.on('error', (error) => {
    console.error(`[dev] could not start ${name}:`, error.message);
    stopAll(1);
  });
  child.on('exit', (code, signal) => {
    if (exitCode === null)
      console.log(`[dev] ${name} exited (${signal ?? code}); stopping the rest.`);
    stopAll(code ?? 1);
  });
  children.push(child);
  return child;
}

function stopAll(code) {
  if (exitCode === null) exitCode = code;
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  }
  if (children.every((child) => child.exitCode !== null || child.signalCode !== null)) {
    process.exit(exitCode);
  }
}

for (const signal of SIGNALS) process.on(signal, () => stopAll(0));

start('server', process.execPath, ['--import', 'tsx', 'server/src/main.ts', ...serverArgs]);
// Vite's own entry point rather than npx, so the signal reaches Vite itself.
start('vite', process.execPath, [VITE_BIN], {
  STARLING_DEV_INSTANCE: `http://127.0.0.1:${serverPort}`,
});
