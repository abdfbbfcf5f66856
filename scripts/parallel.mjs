// `node scripts/parallel.mjs "cmd 1" "cmd 2" ...`: runs the commands at the same time (the checks
// that each keep one core busy: eslint, prettier, tsc, vite build), prints each one's output in
// one piece once it ends, with its time, and fails if any of them failed.
import { report, run } from './commands.mjs';

const commands = process.argv.slice(2);
if (commands.length === 0) {
  console.error('Usage: node scripts/parallel.mjs "command" ["command" ...]');
  process.exit(2);
}

const started = Date.now();
report(await Promise.all(commands.map((command) => run(command, { buffered: true }))), started);
