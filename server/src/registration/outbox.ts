import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ServerContext } from '../context.ts';
import { randomToken } from '../auth/random.ts';
import { INSTANCE_TITLE } from '../routes/constants.ts';
import { hostOf } from '../views/html.ts';

/**
 * The local instance's mailer: it sends nothing, it writes each mail as a file into
 * `<dataDir>/outbox/` (one RFC 5322 `.eml` file per mail, plain text), where the person running
 * it reads the confirmation and password-reset links.
 */

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface StoredMail extends Mail {
  file: string;
  /** The http(s) links in the text, in order. */
  links: string[];
}

export function outboxDir(dataDir: string): string {
  return join(dataDir, 'outbox');
}

/** Header values never carry line breaks (no header injection through an address or a name). */
const headerValue = (value: string) => value.replace(/[\r\n]+/g, ' ').trim();

/** Writes the mail; returns the file's path. */
export function sendMail(ctx: ServerContext, mail: Mail): string {
  const dir = outboxDir(ctx.dataDir);
  mkdirSync(dir, { recursive: true });
  const host = hostOf(ctx.origin).replace(/:\d+$/, '');
  const now = new Date();
  const id = randomToken(9);
  const text = mail.text.replace(/\r?\n/g, '\r\n');
  const content = [
    `From: ${headerValue(INSTANCE_TITLE)} <noreply@${host}>`,
    `To: ${headerValue(mail.to)}`,
    `Subject: ${headerValue(mail.subject)}`,
    `Date: ${now.toUTCString()}`,
    `Message-ID: <${id}@${host}>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
    '',
    text,
    '',
  ].join('\r\n');
  // The time first, so the files sort in the order they were written.
  const file = join(dir, `${now.toISOString().replace(/[:.]/g, '-')}-${id}.eml`);
  writeFileSync(file, content, { mode: 0o600 });
  return file;
}

function parseMail(file: string): StoredMail {
  const content = readFileSync(file, 'utf8');
  const split = content.indexOf('\r\n\r\n');
  const head = split < 0 ? content : content.slice(0, split);
  const text = split < 0 ? '' : content.slice(split + 4).replace(/\r\n/g, '\n');
  const header = (name: string) =>
    head
      .split('\r\n')
      .find((line) => line.toLowerCase().startsWith(`${name.toLowerCase()}:`))
      ?.slice(name.length + 1)
      .trim() ?? '';
  return {
    file,
    to: header('To'),
    subject: header('Subject'),
    text: text.trimEnd(),
    links: text.match(/https?:\/\/[^\s<>"]+/g) ?? [],
  };
}

/** Every mail in the outbox, oldest first. */
export function readOutbox(dataDir: string): StoredMail[] {
  const dir = outboxDir(dataDir);
  let names: string[];
  try {
    names = readdirSync(dir).filter((name) => name.endsWith('.eml'));
  } catch {
    return [];
  }
  return names.sort().map((name) => parseMail(join(dir, name)));
}
