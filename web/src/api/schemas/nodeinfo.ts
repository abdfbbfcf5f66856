import type { FieldsLimits, Nodeinfo, NodeinfoLink, PollLimits } from '../types.ts';
import {
  block,
  bool,
  entitySchema,
  list,
  nnum,
  nstr,
  num,
  obj,
  opt,
  record,
  reject,
  str,
  strList,
} from './fields.ts';
import { makeParser } from './parse.ts';

const raw = obj('Nodeinfo', {
  version: str(),
  software: block({ name: str(), version: str() }),
  protocols: strList(),
  openRegistrations: bool(),
  usage: block({
    users: block({ total: nnum(), activeMonth: opt(nnum()) }),
    localPosts: opt(nnum()),
  }),
  metadata: block({
    nodeName: nstr(),
    nodeDescription: opt(nstr()),
    features: strList(),
    federation: record(),
    fieldsLimits: opt(
      block({ maxFields: num(), maxRemoteFields: num(), nameLength: num(), valueLength: num() }),
    ),
    pollLimits: opt(
      block({
        max_options: num(),
        max_option_chars: num(),
        min_expiration: num(),
        max_expiration: num(),
      }),
    ),
    uploadLimits: opt(block({ general: num(), avatar: num(), background: num(), banner: num() })),
    postFormats: strList(),
    restrictedNicknames: strList(),
    staffAccounts: strList(),
    private: bool(),
    accountActivationRequired: bool(),
    invitesEnabled: bool(),
    mailerEnabled: bool(),
    suggestions: block({ enabled: bool() }),
    birthdayRequired: opt(bool()),
    birthdayMinAge: opt(num()),
    upstream: opt(block({ name: nstr() })),
  }),
});

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

export const NodeinfoSchema = entitySchema(raw, (r, ctx): Nodeinfo => {
  if (!r.software.name && !r.version) return reject(ctx, 'nodeinfo without software or version');
  const m = r.metadata;
  const fed = m.federation;
  const fields: FieldsLimits | null = m.fieldsLimits.maxFields ? { ...m.fieldsLimits } : null;
  const poll: PollLimits | null = m.pollLimits.max_options
    ? {
        maxOptions: m.pollLimits.max_options,
        maxOptionChars: m.pollLimits.max_option_chars,
        minExpiration: m.pollLimits.min_expiration,
        maxExpiration: m.pollLimits.max_expiration,
      }
    : null;
  return {
    version: r.version,
    softwareName: r.software.name.toLowerCase(),
    softwareVersion: r.software.version,
    protocols: r.protocols,
    openRegistrations: r.openRegistrations,
    usersTotal: r.usage.users.total,
    usersActiveMonth: r.usage.users.activeMonth,
    localPosts: r.usage.localPosts,
    nodeName: m.nodeName,
    nodeDescription: m.nodeDescription,
    features: m.features,
    federation: fed,
    mrfPolicies: strings(fed.mrf_policies),
    federating: fed.enabled !== false,
    quarantinedInstances: strings(fed.quarantined_instances),
    staffAccounts: m.staffAccounts,
    pollLimits: poll,
    uploadLimits: m.uploadLimits.general ? { ...m.uploadLimits } : null,
    fieldsLimits: fields,
    postFormats: m.postFormats,
    restrictedNicknames: m.restrictedNicknames,
    private: m.private,
    accountActivationRequired: m.accountActivationRequired,
    invitesEnabled: m.invitesEnabled,
    mailerEnabled: m.mailerEnabled,
    suggestionsEnabled: m.suggestions.enabled,
    birthdayRequired: m.birthdayRequired,
    birthdayMinAge: m.birthdayMinAge,
    upstreamName: m.upstream.name,
  };
});

export const parseNodeinfo = makeParser('Nodeinfo', NodeinfoSchema);

const linkRaw = obj('NodeinfoLink', { rel: str(), href: str() });
const LinkSchema = entitySchema(linkRaw, (r, ctx): NodeinfoLink => {
  if (!r.href) return reject(ctx, 'nodeinfo link without href');
  return { rel: r.rel, href: r.href };
});
const linksRaw = obj('NodeinfoLinks', { links: list('NodeinfoLink', () => LinkSchema) });

/** GET /.well-known/nodeinfo. */
export const parseNodeinfoLinks = makeParser(
  'NodeinfoLinks',
  entitySchema(linksRaw, (r) => r.links),
);

const SCHEMA_PREFIX = 'http://nodeinfo.diaspora.software/ns/schema/';

/** The document to fetch: the newest schema version we read (2.1, then 2.0). */
export function pickNodeinfoHref(links: NodeinfoLink[]): string | null {
  for (const version of ['2.1', '2.0']) {
    const link = links.find((l) => l.rel === SCHEMA_PREFIX + version);
    if (link) return link.href;
  }
  return null;
}
