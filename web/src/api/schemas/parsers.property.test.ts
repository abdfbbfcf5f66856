/**
 * Property: whatever JSON arrives, every parser returns a value or a logged skip (null / an item
 * left out), and never throws.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as schemas from './index.ts';

type AnyParser = (raw: unknown) => unknown;

const exported = schemas as Record<string, unknown>;
const parsers = Object.entries(exported).filter(
  (entry): entry is [string, AnyParser] =>
    entry[0].startsWith('parse') && typeof entry[1] === 'function',
);

const fixturesDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../../shared/fixtures',
);

/** One real example per entity, to garble field by field. */
const SAMPLES: Record<string, string> = {
  parseStatus: 'pleroma-apispec/status.json',
  parseAccount: 'pleroma-apispec/account.json',
  parseNotification: 'pleroma-apispec/notification.mention.json',
  parseInstance: 'pleroma-apispec/instance-v1.json',
  parseNodeinfo: 'pleroma-docs/nodeinfo-2.0.json',
  parseChat: 'pleroma-apispec/chat.json',
  parsePoll: 'pleroma-apispec/poll.json',
  parseAttachment: 'mastodon-docs/media-attachment.video.json',
  parseAnnouncement: 'mastodon-docs/announcement.json',
  parseRelationship: 'mastodon-docs/relationship.json',
  parseCard: 'mastodon-docs/preview-card.video.json',
  parseSearchResults: 'pleroma-apispec/search-v2.json',
  parseOAuthToken: 'mastodon-docs/oauth-token.json',
  parseFilter: 'mastodon-docs/filter.json',
};

function load(rel: string): Record<string, unknown> {
  return JSON.parse(fs.readFileSync(path.join(fixturesDir, rel), 'utf8')) as Record<
    string,
    unknown
  >;
}

function isAcceptable(result: unknown): boolean {
  return result === null || Array.isArray(result) || ['object', 'number'].includes(typeof result);
}

let warn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => warn.mockRestore());

describe('parsers under arbitrary input', () => {
  it('finds the parsers', () => {
    expect(parsers.length).toBeGreaterThan(40);
  });

  for (const [name, parse] of parsers) {
    it(`${name} never throws on arbitrary JSON`, () => {
      fc.assert(
        fc.property(
          fc.oneof(
            fc.json().map((text) => JSON.parse(text) as unknown),
            fc.anything(),
          ),
          (raw) => {
            expect(isAcceptable(parse(raw))).toBe(true);
          },
        ),
        { numRuns: 60 },
      );
    });
  }

  for (const [name, rel] of Object.entries(SAMPLES)) {
    const parse = exported[name] as AnyParser;
    const sample = load(rel);
    const keys = Object.keys(sample);

    it(`${name} never throws on the right keys with random values`, () => {
      const record = fc.dictionary(fc.constantFrom(...keys), fc.jsonValue());
      fc.assert(
        fc.property(record, (raw) => {
          expect(isAcceptable(parse(raw))).toBe(true);
        }),
        { numRuns: 80 },
      );
    });

    it(`${name} keeps an entity whose non-essential field is garbled`, () => {
      // What makes each entity recognisable (a mention needs its status); everything else is tolerated.
      const essential = new Set([
        'id',
        'account',
        'type',
        'status',
        'access_token',
        'uri',
        'software',
        'url',
        'title',
      ]);
      const garblable = keys.filter((k) => !essential.has(k));
      fc.assert(
        fc.property(fc.constantFrom(...garblable), fc.jsonValue(), (key, value) => {
          const result = parse({ ...sample, [key]: value });
          expect(result).not.toBeNull();
        }),
        { numRuns: 80 },
      );
    });
  }
});
