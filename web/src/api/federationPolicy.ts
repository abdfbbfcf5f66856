/**
 * Federation policy transparency (spec part 1, §3 "Federation policy"): what nodeinfo's
 * metadata.federation says about the instance's MRF policies, in the client's own shape.
 */

/** The MRF simple policy's actions, in the order the about page lists them. */
export const MRF_SIMPLE_ACTIONS = [
  'accept',
  'reject',
  'quarantine',
  'federated_timeline_removal',
  'media_nsfw',
  'media_removal',
] as const;
export type MrfSimpleAction = (typeof MRF_SIMPLE_ACTIONS)[number];

export interface PolicyInstance {
  host: string;
  /** Empty when the instance gives no reason. */
  reason: string;
}

export interface KeywordReplacement {
  pattern: string;
  replacement: string;
}

export interface FederationPolicy {
  policies: string[];
  /** Instances per action; actions with no instance are left out. */
  simple: { action: MrfSimpleAction; instances: PolicyInstance[] }[];
  keywords: {
    reject: string[];
    federatedTimelineRemoval: string[];
    replace: KeywordReplacement[];
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value);

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

function reasonOf(info: unknown, host: string): string {
  if (!isRecord(info)) return '';
  const entry = info[host];
  return isRecord(entry) && typeof entry.reason === 'string' ? entry.reason : '';
}

function replacements(value: unknown): KeywordReplacement[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) =>
    isRecord(item) && typeof item.pattern === 'string'
      ? [
          {
            pattern: item.pattern,
            replacement: typeof item.replacement === 'string' ? item.replacement : '',
          },
        ]
      : [],
  );
}

/** Reads nodeinfo's federation record; null when it says nothing worth showing. */
export function federationPolicyFrom(federation: Record<string, unknown>): FederationPolicy | null {
  const simpleRecord = isRecord(federation.mrf_simple) ? federation.mrf_simple : {};
  const simpleInfo = isRecord(federation.mrf_simple_info) ? federation.mrf_simple_info : {};
  const quarantineInfo = isRecord(federation.quarantined_instances_info)
    ? federation.quarantined_instances_info.quarantined_instances
    : undefined;

  const simple = MRF_SIMPLE_ACTIONS.map((action) => {
    const hosts =
      action === 'quarantine'
        ? strings(federation.quarantined_instances)
        : strings(simpleRecord[action]);
    const info = action === 'quarantine' ? quarantineInfo : simpleInfo[action];
    return { action, instances: hosts.map((host) => ({ host, reason: reasonOf(info, host) })) };
  }).filter((entry) => entry.instances.length > 0);

  const keywordRecord = isRecord(federation.mrf_keyword) ? federation.mrf_keyword : {};
  const keywords = {
    reject: strings(keywordRecord.reject),
    federatedTimelineRemoval: strings(keywordRecord.federated_timeline_removal),
    replace: replacements(keywordRecord.replace),
  };
  const policies = strings(federation.mrf_policies);

  const empty =
    policies.length === 0 &&
    simple.length === 0 &&
    keywords.reject.length === 0 &&
    keywords.federatedTimelineRemoval.length === 0 &&
    keywords.replace.length === 0;
  return empty ? null : { policies, simple, keywords };
}
