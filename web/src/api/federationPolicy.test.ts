import { describe, expect, it } from 'vitest';
import { federationPolicyFrom } from './federationPolicy.ts';

describe('federationPolicyFrom', () => {
  it('reads policies, per-action instances with reasons, quarantine and keyword rules', () => {
    const policy = federationPolicyFrom({
      enabled: true,
      mrf_policies: ['SimplePolicy', 'KeywordPolicy'],
      mrf_simple: { reject: ['bad.example', 'worse.example'], media_nsfw: ['lewd.example'] },
      mrf_simple_info: { reject: { 'bad.example': { reason: 'spam' } } },
      quarantined_instances: ['quiet.example'],
      quarantined_instances_info: {
        quarantined_instances: { 'quiet.example': { reason: 'leaks' } },
      },
      mrf_keyword: {
        reject: ['buy now'],
        federated_timeline_removal: [],
        replace: [{ pattern: 'foo', replacement: 'bar' }, { nonsense: true }],
      },
    });
    expect(policy).toEqual({
      policies: ['SimplePolicy', 'KeywordPolicy'],
      simple: [
        {
          action: 'reject',
          instances: [
            { host: 'bad.example', reason: 'spam' },
            { host: 'worse.example', reason: '' },
          ],
        },
        { action: 'quarantine', instances: [{ host: 'quiet.example', reason: 'leaks' }] },
        { action: 'media_nsfw', instances: [{ host: 'lewd.example', reason: '' }] },
      ],
      keywords: {
        reject: ['buy now'],
        federatedTimelineRemoval: [],
        replace: [{ pattern: 'foo', replacement: 'bar' }],
      },
    });
  });

  it('is null when nodeinfo says nothing about policies', () => {
    expect(
      federationPolicyFrom({ enabled: true, mrf_policies: [], quarantined_instances: [] }),
    ).toBeNull();
    expect(federationPolicyFrom({ mrf_simple: 'garbage' })).toBeNull();
  });
});
