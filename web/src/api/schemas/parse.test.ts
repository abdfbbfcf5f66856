import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setSkipSink } from '../log.ts';
import { parseAccount } from './account.ts';
import { parseStatus, parseStatusList } from './status.ts';

const fixturesDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../../shared/fixtures',
);
type Raw = Record<string, unknown>;
const base = JSON.parse(
  fs.readFileSync(path.join(fixturesDir, 'pleroma-apispec/status.json'), 'utf8'),
) as Raw & {
  account: Raw & { pleroma: Raw };
  pleroma: Raw;
};

/** The Pleroma example plus the fields current Pleroma renders that the example leaves out. */
const complete: Raw = {
  ...base,
  edited_at: null,
  account: {
    ...base.account,
    pleroma: { ...base.account.pleroma, ap_id: 'http://localhost:4001/users/nick6' },
  },
  pleroma: {
    ...base.pleroma,
    parent_visible: true,
    pinned_at: null,
    bookmark_folder: null,
    quote: null,
    quote_id: null,
    quote_url: null,
    quote_visible: false,
  },
};

function defaultsOf(raw: unknown): string[] {
  const paths: string[] = [];
  parseStatus(raw, { onDefault: (p) => paths.push(p) });
  return paths;
}

let skips: string[];
let restore: () => void;
beforeEach(() => {
  skips = [];
  restore = setSkipSink((entity, reason) => skips.push(`${entity}: ${reason}`));
});
afterEach(() => restore());

describe('default reporting (onDefault)', () => {
  it('reports nothing for a complete Pleroma status', () => {
    expect(defaultsOf(complete)).toEqual([]);
  });

  it('reports each missing or garbled expected field by its raw path', () => {
    const { content: _content, ...noContent } = complete;
    expect(defaultsOf(noContent)).toEqual(['Status.content']);
    expect(defaultsOf({ ...complete, replies_count: 'many' })).toEqual(['Status.replies_count']);
    expect(
      defaultsOf({ ...complete, pleroma: { ...(complete.pleroma as Raw), local: 'yes' } }),
    ).toEqual(['Status.pleroma.local']);
    expect(
      defaultsOf({ ...complete, account: { ...(complete.account as Raw), followers_count: null } }),
    ).toEqual(['Account.followers_count']);
  });

  it('keeps the value and reports nothing when a number comes as a digit string', () => {
    const paths: string[] = [];
    const status = parseStatus(
      { ...complete, replies_count: '7' },
      { onDefault: (p) => paths.push(p) },
    );
    expect(status?.repliesCount).toBe(7);
    expect(paths).toEqual([]);
  });

  it('is silent about optional fields that are absent, but reports them garbled', () => {
    // `quote` (Mastodon) and `emoji_reactions` (Akkoma) are absent from Pleroma output.
    expect(defaultsOf(complete)).not.toContain('Status.quote');
    expect(defaultsOf({ ...complete, emoji_reactions: 'lots' })).toEqual([
      'Status.emoji_reactions',
    ]);
  });

  it('reports a whole missing pleroma block once, as a Mastodon status does', () => {
    const { pleroma: _pleroma, ...mastodonLike } = complete;
    expect(defaultsOf(mastodonLike)).toEqual(['Status.pleroma']);
  });

  it('reports and logs nested items that are skipped', () => {
    const paths = defaultsOf({ ...complete, media_attachments: [{ type: 'image' }] });
    expect(paths).toEqual(['Status.media_attachments']);
    expect(skips).toEqual([expect.stringMatching(/^Attachment: id/)]);
  });
});

describe('skipping', () => {
  it('returns null and logs an entity that has no id', () => {
    const { id: _id, ...noId } = complete;
    expect(parseStatus(noId)).toBeNull();
    expect(parseAccount('nonsense')).toBeNull();
    expect(skips).toHaveLength(2);
  });

  it('leaves out list items that are not understood and keeps the rest', () => {
    const list = parseStatusList([complete, 42, { id: 'x' }, { ...complete, id: 'second' }]);
    expect(list.map((s) => s.id)).toEqual(['9toJCu5YZW7O7gfvH6', 'second']);
    expect(skips).toHaveLength(2);
  });

  it('turns numeric ids into strings and keeps zone-less dates as given', () => {
    const status = parseStatus({ ...complete, id: 12345, created_at: '2022-03-09T02:13:05' });
    expect(status).toMatchObject({ id: '12345', createdAt: '2022-03-09T02:13:05' });
  });

  it('uses safe defaults for garbage in a recognisable status', () => {
    const status = parseStatus({
      ...complete,
      visibility: 'galaxy',
      mentions: 'x',
      favourited: 'yes',
    });
    expect(status).toMatchObject({ visibility: 'private', mentions: [], favourited: false });
  });
});
