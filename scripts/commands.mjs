// Runs shell commands for scripts/parallel.mjs and scripts/test-all.mjs, timing each.
import { spawn } from 'node:child_process';

export const seconds = (since) => ((Date.now() - since) / 1000).toFixed(1);

/**
 * Runs `command` and resolves with { command, ok, time }. Buffered: its output is printed in one
 * piece once it ends (commands running side by side stay readable); otherwise it goes straight
 * to this process's output.
 */
export function run(command, { buffered = false } = {}) {
  return new Promise((resolve) => {
    const since = Date.now();
    const child = spawn(command, {
      shell: true,
      stdio: buffered ? ['ignore', 'pipe', 'pipe'] : ['ignore', 'inherit', 'inherit'],
    });
    const chunks = [];
    child.stdout?.on('data', (chunk) => chunks.push(chunk));
    child.stderr?.on('data', (chunk) => chunks.push(chunk));
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

/** Prints one line for all of `results` and exits, failing if any failed. */
export function report(results, started) {
  const failed = results.filter((result) => !result.ok);
  console.log(
    `\n${failed.length ? `${failed.length} of ${results.length} failed` : 'all passed'} in ${seconds(started)} s: ` +
      results.map((r) => `${r.ok ? '✓' : '✘'} ${r.command} ${r.time} s`).join(', '),
  );
  process.exit(failed.length ? 1 : 0);
}
