/**
 * Who the client is, for the per-client limit. Without TRUST_PROXY: the socket's address, and
 * forwarded headers are ignored (anyone can write them). With it: `X-Forwarded-For` is read back
 * from our side through the hops we trust (their addresses/CIDRs, or a count of proxies), and the
 * first address not vouched for is the client. A count names no address, so it trusts the header
 * only from a peer on a network a load balancer connects from (loopback, private, shared or
 * link-local): a client reaching our port directly from the internet cannot rotate its identity
 * by writing the header. IPv6 clients are keyed by their /64 (one subscriber's network), so
 * rotating through a prefix's addresses does not make new clients.
 */
import { BlockList, isIP } from 'node:net';
import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { ConfigError, readList } from '../config-readers.ts';

export type TrustProxy =
  { kind: 'none' } | { kind: 'hops'; count: number } | { kind: 'addresses'; list: BlockList; described: string[] };

/** `TRUST_PROXY`: unset or 0 = none; a whole number = that many proxies in front; else addresses and CIDRs. */
export function readTrustProxy(raw: string | undefined): TrustProxy {
  const text = (raw ?? '').trim();
  if (text === '' || text === '0') return { kind: 'none' };
  if (/^\d+$/.test(text)) return { kind: 'hops', count: Number(text) };
  const list = new BlockList();
  const described: string[] = [];
  for (const item of readList(text)) {
    const [address = '', prefixText, extra] = item.split('/');
    const family = isIP(address);
    const prefix = prefixText === undefined ? (family === 6 ? 128 : 32) : Number(prefixText);
    const maxPrefix = family === 6 ? 128 : 32;
    if (
      family === 0 ||
      extra !== undefined ||
      !Number.isInteger(prefix) ||
      prefix < 0 ||
      prefix > maxPrefix ||
      (prefixText !== undefined && !/^\d+$/.test(prefixText))
    ) {
      throw new ConfigError(
        `TRUST_PROXY must be a number of proxies (e.g. 1) or a list of their addresses and CIDR ranges (e.g. 10.0.0.0/8, 192.168.1.10, fd00::/8), got "${item}".`,
      );
    }
    list.addSubnet(address, prefix, family === 6 ? 'ipv6' : 'ipv4');
    described.push(`${address}/${prefix}`);
  }
  return { kind: 'addresses', list, described };
}

/** Networks a proxy in front of us connects from; a public address is never one (RFC 1918, 6598, 3927, 4193, 4291). */
const PROXY_NETWORKS: BlockList = (() => {
  const list = new BlockList();
  for (const [network, prefix] of [
    ['127.0.0.0', 8],
    ['10.0.0.0', 8],
    ['172.16.0.0', 12],
    ['192.168.0.0', 16],
    ['100.64.0.0', 10],
    ['169.254.0.0', 16],
  ] as const)
    list.addSubnet(network, prefix, 'ipv4');
  list.addAddress('::1', 'ipv6');
  list.addSubnet('fc00::', 7, 'ipv6');
  list.addSubnet('fe80::', 10, 'ipv6');
  return list;
})();

/** Whether `address` (already unmapped) is on a network a load balancer connects from. */
function onProxyNetwork(address: string): boolean {
  const family = isIP(address);
  return family !== 0 && PROXY_NETWORKS.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

/** A bare address from a header entry: `1.2.3.4`, `1.2.3.4:5678`, `[::1]:80`, `::1`; null if not one. */
function bareAddress(text: string): string | null {
  let value = text.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value);
  if (bracketed?.[1] !== undefined) value = bracketed[1];
  else if (/^\d{1,3}(?:\.\d{1,3}){3}:\d+$/.test(value)) value = value.slice(0, value.lastIndexOf(':'));
  return isIP(value) === 0 ? null : value;
}

function unmapped(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  return mapped?.[1] ?? address;
}

function isTrusted(address: string, trust: TrustProxy, hopsSoFar: number): boolean {
  switch (trust.kind) {
    case 'none':
      return false;
    case 'hops':
      // The socket's peer must be where a proxy would be; the hops it forwarded are its word.
      return hopsSoFar < trust.count && (hopsSoFar > 0 || onProxyNetwork(unmapped(address)));
    case 'addresses': {
      const plain = unmapped(address);
      return trust.list.check(plain, isIP(plain) === 6 ? 'ipv6' : 'ipv4');
    }
  }
}

/** Whether a socket's peer is a proxy TRUST_PROXY vouches for (then many clients share its connections). */
export function isTrustedProxy(peerAddress: string, trust: TrustProxy): boolean {
  return isTrusted(peerAddress, trust, 0);
}

/**
 * Whether the request came over HTTPS: TLS to us, or (from a proxy we trust, the socket's peer)
 * `X-Forwarded-Proto: https`. Anyone else's forwarded header means nothing.
 */
export function arrivedOverHttps(
  requestUrl: string,
  socketAddress: string | undefined,
  forwardedProto: string | undefined,
  trust: TrustProxy,
): boolean {
  if (new URL(requestUrl).protocol === 'https:') return true;
  if (socketAddress === undefined || forwardedProto === undefined || !isTrusted(socketAddress, trust, 0)) return false;
  // A chain of proxies lists one protocol each; the first is what the client used.
  return forwardedProto.split(',')[0]?.trim().toLowerCase() === 'https';
}

/**
 * The client's address: from the socket's peer back along `X-Forwarded-For` while each hop is
 * trusted. An entry that is not an address ends the walk at the last hop we could identify.
 */
export function resolveClientAddress(
  socketAddress: string | undefined,
  forwardedFor: string | undefined,
  trust: TrustProxy,
): string {
  let client = socketAddress === undefined ? 'unknown' : unmapped(socketAddress);
  if (trust.kind === 'none' || forwardedFor === undefined || socketAddress === undefined) return client;
  const hops = forwardedFor.split(',').reverse();
  let hop = 0;
  while (hop < hops.length && isTrusted(client, trust, hop)) {
    const previous = bareAddress(hops[hop] ?? '');
    if (previous === null) break;
    client = unmapped(previous);
    hop++;
  }
  return client;
}

/** Eight 16-bit groups of an IPv6 address, expanded (`::` and a trailing IPv4 part included). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase().split('%')[0] ?? '';
  const ipv4Tail = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (ipv4Tail) {
    const [a, b, c, d] = ipv4Tail.slice(1).map(Number);
    text = `${text.slice(0, ipv4Tail.index)}${(((a ?? 0) << 8) | (b ?? 0)).toString(16)}:${(((c ?? 0) << 8) | (d ?? 0)).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === undefined || tail === '' ? [] : tail.split(':');
  const missing = 8 - headGroups.length - tailGroups.length;
  return [...headGroups, ...Array.from({ length: tail === undefined ? 0 : missing }, () => '0'), ...tailGroups].map(
    (group) => parseInt(group, 16) || 0,
  );
}

/** The limiter's key for an address: IPv4 as is, IPv6 by its /64 network. */
export function clientKey(address: string): string {
  const plain = unmapped(address);
  if (isIP(plain) !== 6) return plain;
  const network = ipv6Groups(plain)
    .slice(0, 4)
    .map((group) => group.toString(16));
  return `${network.join(':')}::/64`;
}

/** The address of the request's socket's peer; undefined without a socket (a request made with `app.request`). */
export function socketAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
}

/** Who is asking: the client's address (or /64), behind a trusted proxy the one it forwarded. */
export function clientOf(c: Context, trustProxy: TrustProxy): string {
  return clientKey(resolveClientAddress(socketAddress(c), c.req.header('x-forwarded-for'), trustProxy));
}
