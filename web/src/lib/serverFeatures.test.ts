import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseInstance } from '../api/schemas/instance.ts';
import { parseNodeinfo } from '../api/schemas/nodeinfo.ts';
import type { Instance, Nodeinfo } from '../api/types.ts';
import { serverFeatures } from './serverFeatures.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const fixturesDir = path.resolve(repoRoot, '../shared/fixtures');
const load = (file: string): unknown =>
  JSON.parse(fs.readFileSync(path.join(fixturesDir, file), 'utf8'));
const instance = (file: string) => parseInstance(load(file)) as Instance;
const nodeinfo = (file: string) => parseNodeinfo(load(file)) as Nodeinfo;

describe('serverFeatures', () => {
  it('Pleroma: its metadata decides (polls, reactions on the Pleroma path, direct timeline)', () => {
    const features = serverFeatures({
      instanceV1: instance('pleroma-apispec/instance-v1.json'),
      nodeinfo: nodeinfo('pleroma-docs/nodeinfo-2.1.json'),
    });
    expect(features).toMatchObject({
      flavour: 'pleroma',
      pleroma: true,
      polls: true,
      editing: false,
      reactions: 'pleroma',
      directMessages: 'timeline',
      maxStatusChars: 5000,
    });
    expect(features.postFormats).toContain('text/markdown');
    expect(features.pollLimits).toMatchObject({ maxOptions: 20, maxOptionChars: 200 });
  });

  it('Akkoma: the Pleroma feature list, reactions on the Pleroma path', () => {
    const features = serverFeatures({ nodeinfo: nodeinfo('akkoma-docs/nodeinfo-2.1.json') });
    expect(features).toMatchObject({
      pleroma: true,
      polls: true,
      reactions: 'pleroma',
      directMessages: 'timeline',
    });
    expect(features.features).toContain('pleroma_emoji_reactions');
  });

  it('Pleroma metadata takes precedence over what the Mastodon fields say', () => {
    const v1 = instance('pleroma-apispec/instance-v1.json');
    const features = serverFeatures({
      instanceV1: { ...v1, pollsConfigured: true, reactionsAdvertised: true },
      nodeinfo: { ...nodeinfo('pleroma-docs/nodeinfo-2.1.json'), features: ['editing'] },
    });
    expect(features).toMatchObject({ polls: false, editing: true, reactions: 'none' });
  });

  it('Mastodon: polls, limits and editing from the instance documents; no reactions; conversations', () => {
    const features = serverFeatures({
      instanceV2: instance('mastodon-docs/instance-v2.json'),
      instanceV1: instance('mastodon-docs/instance-v1.json'),
      nodeinfo: nodeinfo('pleroma-fixtures/mastodon-nodeinfo20.json'),
    });
    expect(features).toMatchObject({
      flavour: 'mastodon',
      pleroma: false,
      polls: true,
      editing: true,
      reactions: 'none',
      directMessages: 'conversations',
      maxStatusChars: 500,
      maxMediaAttachments: 4,
      uploadLimit: 16777216,
      postFormats: ['text/plain'],
    });
    expect(features.pollLimits).toMatchObject({ maxOptions: 4, maxOptionChars: 50 });
  });

  it('Mastodon from nodeinfo alone (empty metadata) offers no polls it cannot see', () => {
    const features = serverFeatures({
      nodeinfo: nodeinfo('pleroma-fixtures/mastodon-nodeinfo20.json'),
    });
    expect(features).toMatchObject({ flavour: 'mastodon', pleroma: false, polls: false });
    expect(features.pollLimits).toBeNull();
  });

  it('an old Mastodon has no editing', () => {
    const v1 = instance('mastodon-docs/instance-v1.json');
    expect(serverFeatures({ instanceV1: { ...v1, version: '3.4.1' } }).editing).toBe(false);
    expect(serverFeatures({ instanceV1: { ...v1, version: '3.5.0' } }).editing).toBe(true);
  });

  it('reads the API version Mastodon declares', () => {
    expect(instance('mastodon-docs/instance-v2.json').mastodonApiVersion).toBeGreaterThan(0);
  });

  it('editing on a server of another name that declares Mastodon API version 1 or later', () => {
    const raw = load('mastodon-docs/instance-v2.json') as Record<string, unknown>;
    const v2 = (extra: Record<string, unknown>) =>
      parseInstance({
        ...raw,
        version: '0.19.1 git-5a1b2c3',
        api_versions: {},
        ...extra,
      }) as Instance;
    const other = {
      ...nodeinfo('pleroma-fixtures/mastodon-nodeinfo20.json'),
      softwareName: 'kite',
    };
    expect(
      serverFeatures({ instanceV2: v2({ api_versions: { mastodon: 2 } }), nodeinfo: other })
        .editing,
    ).toBe(true);
    expect(serverFeatures({ instanceV2: v2({}), nodeinfo: other }).editing).toBe(false);
    expect(
      serverFeatures({ instanceV2: v2({ api_versions: { mastodon: 0 } }), nodeinfo: other })
        .editing,
    ).toBe(false);
  });

  it('editing on a server of another name that reports a Mastodon version of 3.5 or later', () => {
    const v1 = instance('mastodon-docs/instance-v1.json');
    const other = {
      ...nodeinfo('pleroma-fixtures/mastodon-nodeinfo20.json'),
      softwareName: 'kite',
    };
    const at = (version: string) =>
      serverFeatures({ instanceV1: { ...v1, version, flavour: 'other' }, nodeinfo: other }).editing;
    expect(at('4.2.0 (compatible; Kite 1.3)')).toBe(true);
    expect(at('3.4.0 (compatible; Kite 1.0)')).toBe(false);
  });

  it('reactions on the alias path when the server advertises them outside Pleroma metadata', () => {
    const v1 = instance('mastodon-docs/instance-v1.json');
    expect(serverFeatures({ instanceV1: { ...v1, reactionsAdvertised: true } }).reactions).toBe(
      'alias',
    );
  });

  it('reads a Fedibird-style capability list from the raw document', () => {
    const raw = load('mastodon-docs/instance-v1.json') as Record<string, unknown>;
    const parsed = parseInstance({ ...raw, fedibird_capabilities: ['emoji_reaction'] }) as Instance;
    expect(serverFeatures({ instanceV1: parsed }).reactions).toBe('alias');
  });

  it('knows nothing when nothing answered', () => {
    expect(serverFeatures({})).toMatchObject({
      flavour: null,
      pleroma: false,
      polls: false,
      editing: false,
      reactions: 'none',
    });
  });
});
