import { promises as dns, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Which addresses the instance may push to. A push endpoint is given by the browser, so it could
 * name anything: the instance must never be made to call itself, its network or a cloud metadata
 * service. Endpoints are checked when subscribed and again when sent to, where the address is
 * resolved once, checked, and connected to as checked (no second lookup an attacker's DNS could
 * answer differently).
 */

export type ResolveHost = (hostname: string) => Promise<LookupAddress[]>;

export interface PushTargets {
  /** Development only: let endpoints on this machine (127.0.0.0/8, ::1, localhost) through. */
  allowLoopback: boolean;
  resolve: ResolveHost;
}

export const systemResolve: ResolveHost = (hostname) =>
  dns.lookup(hostname, { all: true, verbatim: true });

export const FORBIDDEN_ENDPOINT =
  'Invalid subscription: the endpoint must be a public address, not a local or private one.';

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** Never public; an IPv4-mapped IPv6 address (::ffff:a.b.c.d) is matched as its IPv4 address. */
const nonPublic = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  nonPublic.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::', 96], // IPv4-compatible (deprecated)
  ['64:ff9b::', 96], // NAT64: reaches an IPv4 address chosen by the endpoint
  ['2002::', 16], // 6to4: likewise
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  nonPublic.addSubnet(network, prefix, 'ipv6');
}

/** Names that only mean something inside a machine or a private network. */
const LOCAL_NAME = /(^|\.)(localhost|local|localdomain|internal|intranet|home\.arpa|lan)$/;

function family(address: string): 'ipv4' | 'ipv6' {
  return isIP(address) === 6 ? 'ipv6' : 'ipv4';
}

export function isAllowedAddress(address: string, targets: Pick<PushTargets, 'allowLoopback'>) {
  const type = family(address);
  if (loopback.check(address, type)) return targets.allowLoopback;
  return !nonPublic.check(address, type);
}

/** The URL's host as an IP address, if it is one (the URL parser already reads 0x7f.1 and the like). */
function ipOf(url: URL): string | null {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  return isIP(host) ? host : null;
}

function isLocalName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.+$/, '');
  // A single label ("metadata", "router") is completed by the machine's search domains.
  return !name.includes('.') || LOCAL_NAME.test(name);
}

/**
 * Why an endpoint may not be pushed to, or null when it may. A name that does not resolve now is
 * let through: it is checked again at each send.
 */
export async function endpointProblem(
  endpoint: string,
  targets: PushTargets,
): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'Invalid subscription: the endpoint is not a URL.';
  }
  const ip = ipOf(url);
  if (ip) return isAllowedAddress(ip, targets) ? null : FORBIDDEN_ENDPOINT;
  if (isLocalName(url.hostname)) {
    const resolvesToLoopback =
      targets.allowLoopback &&
      (await targets.resolve(url.hostname).catch(() => [])).some((a) =>
        loopback.check(a.address, family(a.address)),
      );
    return resolvesToLoopback ? null : FORBIDDEN_ENDPOINT;
  }
  let addresses: LookupAddress[];
  try {
    addresses = await targets.resolve(url.hostname);
  } catch {
    return null;
  }
  return addresses.every((a) => isAllowedAddress(a.address, targets)) ? null : FORBIDDEN_ENDPOINT;
}

export class ForbiddenAddressError extends Error {
  readonly code = 'ERR_FORBIDDEN_ADDRESS';
  constructor(host: string) {
    super(`${host} is not a public address; not connecting`);
  }
}

/**
 * Checks a URL's literal IP host before connecting (a connection to an IP address does no lookup);
 * throws ForbiddenAddressError.
 */
export function assertAllowedLiteral(url: URL, targets: PushTargets): void {
  const ip = ipOf(url);
  if (ip && !isAllowedAddress(ip, targets)) throw new ForbiddenAddressError(ip);
  if (!ip && isLocalName(url.hostname) && !targets.allowLoopback)
    throw new ForbiddenAddressError(url.hostname);
}

/**
 * A `lookup` for http(s).request: resolves the name once and hands the connection only addresses
 * that pass, so what is checked is what is connected to. Any forbidden address refuses the name.
 */
export function checkedLookup(targets: PushTargets): LookupFunction {
  return (hostname, options, callback) => {
    targets.resolve(hostname).then(
      (addresses) => {
        const wanted =
          options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family;
        const usable = addresses.filter((a) => !wanted || a.family === wanted);
        if (usable.length === 0 || !usable.every((a) => isAllowedAddress(a.address, targets))) {
          callback(new ForbiddenAddressError(hostname), '', 4);
        } else if (options.all) {
          (callback as unknown as (error: null, all: LookupAddress[]) => void)(null, usable);
        } else {
          callback(null, usable[0]!.address, usable[0]!.family);
        }
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 4),
    );
  };
}
