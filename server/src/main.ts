import { mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { buildProxyApp, instanceOrigin } from './proxy.ts';
import { seedDemoData, writeDemoImages } from './seed/index.ts';
import type { Flavour } from './context.ts';
import { FLAVOURS, isFlavour } from './flavour.ts';
import { outboxDir } from './registration/outbox.ts';
import {
  CAPTCHA_KINDS,
  DEFAULT_REGISTRATION,
  REGISTRATION_MODES,
  isCaptchaKind,
  isRegistrationMode,
  type CaptchaKind,
  type RegistrationMode,
} from './registration/settings.ts';

const DEFAULT_PORT = 4000;
const DEFAULT_HOST = '127.0.0.1';
const DEFAULT_DATA_DIR = './data';
const EXIT_USAGE = 2;
const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** The built client; STARLING_CLIENT_DIR serves another folder (journeys serve a copy they change). */
const CLIENT_DIR = process.env.STARLING_CLIENT_DIR
  ? path.resolve(process.env.STARLING_CLIENT_DIR)
  : path.join(REPO_ROOT, 'dist');

const USAGE = `Usage: npm start -- [options]   (or: tsx server/src/main.ts [options])

  --port N        port to listen on (default ${DEFAULT_PORT}, or the PORT environment variable;
                  0 picks a free port)
  --host H        address to listen on (default ${DEFAULT_HOST})
  --data DIR      data folder for the database and uploads (default ${DEFAULT_DATA_DIR})
  --instance URL  proxy mode: serve the client and forward the API to this instance
  --flavour F     which server to play: pleroma (default) or mastodon (no password grant,
                  admin scopes, streaming or Pleroma extensions; public timelines need a token;
                  profile changes are read from form data only)
  --no-conversations
                  with --flavour mastodon: play a smaller Mastodon-API server (like GoToSocial)
                  that has no conversations list either, so no direct messages at all
  --registrations M
                  who may sign up: open (default), closed, invite (closed, but invite links
                  made on the administration page work) or approval (open; an administrator
                  approves each new account)
  --captcha C     the captcha sign-up asks for: native (default, an image) or none
  --activation    new accounts confirm their e-mail address (a link in the outbox) first
  --birthday-min-age DAYS
                  ask for a birthday at sign-up and refuse people younger than this many
                  days (6570 is about 18 years; default 0: the birthday is optional)
  --no-seed       do not add the demo accounts and posts
  --allow-loopback-push
                  development only: let web push go to endpoints on this machine (a local push
                  service); other private addresses stay refused
  --help          show this help
`;

export interface CommandLine {
  port: number;
  host: string;
  dataDir: string;
  instance: string | null;
  seed: boolean;
  flavour: Flavour;
  allowLoopbackPush: boolean;
  /** The mastodon flavour without conversations (no direct messages anywhere). */
  withoutConversations: boolean;
  registrations: RegistrationMode;
  captcha: CaptchaKind;
  accountActivation: boolean;
  birthdayMinAge: number;
  help: boolean;
}

export class UsageError extends Error {}

function parsePort(value: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535) throw new UsageError(`Not a port number: ${value}`);
  return port;
}

const OPTIONS = {
  port: { type: 'string' },
  host: { type: 'string' },
  data: { type: 'string' },
  instance: { type: 'string' },
  flavour: { type: 'string' },
  'no-seed': { type: 'boolean' },
  'allow-loopback-push': { type: 'boolean' },
  'no-conversations': { type: 'boolean' },
  registrations: { type: 'string' },
  captcha: { type: 'string' },
  activation: { type: 'boolean' },
  'birthday-min-age': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

export function parseCommandLine(
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
): CommandLine {
  let parsed: ReturnType<
    typeof parseArgs<{ args: string[]; options: typeof OPTIONS; strict: true }>
  >;
  try {
    parsed = parseArgs({ args, options: OPTIONS, strict: true, allowPositionals: false });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values } = parsed;
  const port = values.port ?? env.PORT;
  const instance = values.instance ?? null;
  if (instance !== null) {
    try {
      instanceOrigin(instance);
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
  }
  const flavour = values.flavour ?? 'pleroma';
  if (!isFlavour(flavour))
    throw new UsageError(`Unknown flavour: ${flavour} (expected ${FLAVOURS.join(' or ')})`);
  const withoutConversations = values['no-conversations'] ?? false;
  if (withoutConversations && flavour !== 'mastodon')
    throw new UsageError('--no-conversations goes with --flavour mastodon');
  const registrations = values.registrations ?? DEFAULT_REGISTRATION.mode;
  if (!isRegistrationMode(registrations))
    throw new UsageError(
      `Unknown registrations mode: ${registrations} (expected ${REGISTRATION_MODES.join(', ')})`,
    );
  const captcha = values.captcha ?? DEFAULT_REGISTRATION.captcha;
  if (!isCaptchaKind(captcha))
    throw new UsageError(`Unknown captcha: ${captcha} (expected ${CAPTCHA_KINDS.join(' or ')})`);
  const minAge = values['birthday-min-age'] ?? '0';
  if (!/^\d{1,6}$/.test(minAge))
    throw new UsageError(`Not a number of days: ${minAge} (--birthday-min-age)`);
  return {
    port: port === undefined ? DEFAULT_PORT : parsePort(port),
    host: values.host ?? DEFAULT_HOST,
    dataDir: path.resolve(values.data ?? DEFAULT_DATA_DIR),
    instance,
    seed: !values['no-seed'],
    flavour,
    allowLoopbackPush: values['allow-loopback-push'] ?? false,
    withoutConversations,
    registrations,
    captcha,
    accountActivation: values.activation ?? false,
    birthdayMinAge: Number(minAge),
    help: values.help ?? false,
  };
}

/** The origin the browser uses; a wildcard listen address is reached through localhost. */
export function originFor(host: string, port: number): string {
  const reachable = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  return `http://${reachable.includes(':') ? `[${reachable}]` : reachable}:${port}`;
}

/** Port 0 means "any": the origin is needed before listening, so find a free port first. */
function resolvePort(host: string, port: number): Promise<number> {
  if (port !== 0) return Promise.resolve(port);
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen({ host, port: 0 }, () => {
      const address = probe.address();
      probe.close(() =>
        address && typeof address === 'object'
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

interface DemoLoginRow {
  username: string;
  password: string;
  role: string;
  extra?: string;
}

function formatTable(rows: DemoLoginRow[]): string {
  const header = ['username', 'password', 'role', 'extra'];
  const cells = rows.map((row) => [row.username, row.password, row.role, row.extra ?? '']);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...cells.map((cell) => cell[column]!.length)),
  );
  const line = (values: string[]): string =>
    values
      .map((value, column) => value.padEnd(widths[column]!))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...cells.map(line)].join(
    '\n',
  );
}

/** One line on who may sign up, as the instance was started. */
export function describeSignUp(
  options: Pick<CommandLine, 'registrations' | 'captcha' | 'accountActivation' | 'birthdayMinAge'>,
): string {
  const parts: string[] = [options.registrations];
  parts.push(options.captcha === 'none' ? 'no captcha' : 'captcha');
  if (options.accountActivation) parts.push('e-mail confirmation');
  if (options.birthdayMinAge > 0) parts.push(`minimum age ${options.birthdayMinAge} days`);
  return parts.join(', ');
}

/** A clean close takes milliseconds; this only guards against a close that hangs. */
const FORCED_EXIT_AFTER_MS = 10_000;

function handleSignals(app: FastifyInstance): void {
  let closing = false;
  const shutdown = (signal: NodeJS.Signals): void => {
    // A terminal's Ctrl-C reaches both `npm start`'s wrapper and this process; one close is enough.
    if (closing) return;
    closing = true;
    console.log(`\nReceived ${signal}; closing Starling...`);
    setTimeout(() => {
      console.error('Closing took too long; exiting anyway.');
      process.exit(1);
    }, FORCED_EXIT_AFTER_MS).unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('Error while closing:', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

async function listen(app: FastifyInstance, host: string, port: number): Promise<void> {
  try {
    await app.listen({ host, port });
  } catch (error) {
    await app.close().catch(() => undefined);
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') {
      console.error(
        `Port ${port} on ${host} is already in use. Stop the other program or choose another port with --port N.`,
      );
    } else if (code === 'EACCES') {
      console.error(
        `Not allowed to listen on ${host}:${port}. Choose a port above 1023 with --port N.`,
      );
    } else {
      console.error(`Could not listen on ${host}:${port}:`, error);
    }
    process.exit(1);
  }
}

async function main(args: string[]): Promise<void> {
  let options: CommandLine;
  try {
    options = parseCommandLine(args);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${error.message}\n\n${USAGE}`);
    process.exit(EXIT_USAGE);
  }
  if (options.help) {
    console.log(USAGE);
    return;
  }

  const logger = process.env.STARLING_LOG === '1';
  const port = await resolvePort(options.host, options.port);
  const origin = originFor(options.host, port);

  if (options.instance) {
    const app = await buildProxyApp({ instance: options.instance, clientDir: CLIENT_DIR, logger });
    handleSignals(app);
    await listen(app, options.host, port);
    console.log(`Starling is running at ${origin}/`);
    console.log(`proxying to ${options.instance}`);
    return;
  }

  mkdirSync(options.dataDir, { recursive: true });
  const { app, ctx } = await buildApp({
    dataDir: options.dataDir,
    origin,
    clientDir: CLIENT_DIR,
    logger,
    flavour: options.flavour,
    allowLoopbackPush: options.allowLoopbackPush,
    withoutConversations: options.withoutConversations,
    registrations: options.registrations,
    captcha: options.captcha,
    accountActivation: options.accountActivation,
    birthdayMinAge: options.birthdayMinAge,
  });
  handleSignals(app);
  const logins = options.seed ? seedDemoData(ctx) : [];
  if (options.seed) await writeDemoImages(ctx);
  await listen(app, options.host, port);

  console.log(`Starling is running at ${origin}/`);
  console.log(`Data folder: ${options.dataDir}`);
  console.log(
    `Mail outbox (sign-up confirmations, password resets): ${outboxDir(options.dataDir)}`,
  );
  if (options.flavour !== 'pleroma') console.log(`Flavour: ${options.flavour}`);
  console.log(`Registrations: ${describeSignUp(options)}`);
  if (logins.length > 0) console.log(`\nDemo logins:\n${formatTable(logins)}`);
}

const invokedDirectly =
  process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (invokedDirectly) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error('Starling failed to start:', error);
    process.exit(1);
  });
}
