// `npm test`: the build, the unit and server tests, then the browser journeys with the static
// checks (eslint, prettier, tsc) beside them. The journeys wait on the browser and the instance
// far more than they compute (about a third of two cores, measured with `time`), so the checks,
// one at a time, take the core they leave idle instead of minutes of their own before them. No
// test runs beside another: the journeys keep their two workers, the unit tests theirs.
import { report, run } from './commands.mjs';

const started = Date.now();
const results = [];

const build = await run('npm run -s build');
results.push(build);
results.push(await run('npm run -s test:unit'));

const checks = (async () => {
  const done = [];
  for (const command of ['npm run -s lint:code', 'npm run -s lint:format', 'npm run -s typecheck'])
    done.push(await run(command, { buffered: true }));
  return done;
})();
const journeys = build.ok
  ? run('npm run -s test:e2e')
  : Promise.resolve({ command: 'npm run -s test:e2e (not run: no build)', ok: false, time: '0' });
results.push(await journeys, ...(await checks));

report(results, started);
