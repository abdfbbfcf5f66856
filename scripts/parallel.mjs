// `node scripts/parallel.mjs "cmd 1" "cmd 2" ...`: runs the commands at the same time (CI's
// checks that each keep one core busy: eslint, prettier, tsc, vite build), prints each one's
// output in one piece once it ends, with its time, and fails if any of them failed.
import { spawn } from 'node:child_process';

const commands = process.argv.slice(2);
if (commands.length === 0) {
  console.error('Usage: node scripts/parallel.mjs "command" ["command" ...]');
  process.exit(2);
}

const started = Date.now();
const seconds = (since) => ((Date.now() - since) / 1000).toFixed(1);

function run(command) {
  return new Promise((resolve) => {
    const since = Date.now();
    const child = spawn(command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks = [];
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    let done = false;
    const finish = (code, reason) => {
      if (done) return;
      done = true;
      const ok = code === 0;
      const output = Buffer.concat(chunks).toString().trimEnd();
      process.stdout.write(
        `\n${ok ? '✓' : '✘'} ${command} (${seconds(since)} s${ok ? '' : `, ${reason}`})\n` +
          (output ? `${output}\n` : ''),
      );
      resolve({ command, ok, time: seconds(since) });
    };
    child.on('error', (error) => {
      chunks.push(Buffer.from(String(error)));
      finish(1, 'could not start');
    });
    child.on('close', (code, signal) => finish(code, signal ?? `exit code ${code}`));
  });
}

const results = await Promise.all(commands.map(run));
const failed = results.filter((result) => !result.ok);
console.log(
  `\n${failed.length ? `${failed.length} of ${results.length} failed` : 'all passed'} in ${seconds(started)} s: ` +
    results.map((r) => `${r.ok ? '✓' : '✘'} ${r.command} ${r.time} s`).join(', '),
);
process.exit(failed.length ? 1 : 0);
