import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Connections this server opens to an address staff typed (the alerts' SMTP relay and SMS
 * gateway; later webhooks) reach public unicast addresses only: loopback, private, link-local
 * (the cloud metadata service), CGNAT, unique-local, multicast and reserved ranges are refused,
 * as ipaddr.js classifies them, unless the operator opens them with `OUTBOUND_ALLOW` (hosts,
 * addresses or CIDR ranges: the bank's relay in a private range, a local test server). A name is
 * resolved once, every address it resolves to is checked, and the connection goes to the checked
 * address — never resolved a second time between the check and the connect (DNS rebinding).
 */

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];
export interface OutboundAllow {
  hosts: string[];
  ranges: Range[];
}

const hostName = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i;

/** Reads `OUTBOUND_ALLOW`; throws naming the first entry that is no host, address or range. */
export function parseOutboundAllow(value = ''): OutboundAllow {
  const allow: OutboundAllow = { hosts: [], ranges: [] };
  for (const entry of value
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)) {
    if (entry.includes('/') && ipaddr.isValidCIDR(entry)) allow.ranges.push(ipaddr.parseCIDR(entry));
    else if (ipaddr.isValid(entry)) {
      const address = ipaddr.process(entry);
      allow.ranges.push([address, address.kind() === 'ipv4' ? 32 : 128]);
    } else if (hostName.test(entry)) allow.hosts.push(entry.toLowerCase());
    else throw new Error(`"${entry}" is not a host name, an IP address or a CIDR range`);
  }
  return allow;
}

let allowed: OutboundAllow = { hosts: [], ranges: [] };

/** Sets what is allowed beyond public addresses (at start-up, from the configuration). */
export function useOutboundAllow(allow: OutboundAllow) {
  allowed = allow;
}

/** A destination refused: its message names the host, the address and its range. */
export class OutboundRefused extends Error {}

/**
 * Why the address may not be reached (the range's name, e.g. `loopback`, `private`), or
 * undefined when it may: a public unicast address, or one the allow-list opens by address, range
 * or the host name it was resolved from.
 */
export function refusalOf(address: string, host?: string): string | undefined {
  if (host && allowed.hosts.includes(host.toLowerCase())) return undefined;
  // An IPv4-mapped IPv6 address is judged as the IPv4 address it carries.
  const a = ipaddr.process(address);
  if (allowed.ranges.some(([range, bits]) => range.kind() === a.kind() && a.match(range, bits)))
    return undefined;
  const range = a.range();
  return range === 'unicast' ? undefined : range;
}

export interface CheckedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host (a name or an address literal) and checks every address it resolves to. */
export async function resolveOutbound(host: string): Promise<CheckedAddress> {
  const bare = host.replace(/^\[|\]$/g, '');
  const literal = isIP(bare);
  const addresses = literal
    ? [{ address: bare, family: literal }]
    : await lookup(bare, { all: true, verbatim: true });
  if (!addresses.length) throw new OutboundRefused(`${host} does not resolve to an address`);
  for (const a of addresses) {
    const why = refusalOf(a.address, bare);
    if (why) {
      throw new OutboundRefused(
        `${host}${literal ? '' : ` (${a.address})`} is a ${why} address; only public addresses are reached unless OUTBOUND_ALLOW lists it`,
      );
    }
  }
  const first = addresses[0] as { address: string; family: number };
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}

/** No answer within the time allowed. */
export class OutboundTimeout extends Error {}

/** A lookup that answers the address already checked, so the socket connects to it and no other. */
const pinned =
  (target: CheckedAddress): LookupFunction =>
  (_host, options, callback) => {
    if (options.all) callback(null, [target]);
    else callback(null, target.address, target.family);
  };

/**
 * POSTs a body to a URL typed by staff, after checking where it resolves, and answers the status
 * only: the response's body is read and dropped (a destination's answer is never shown to the
 * caller, so a refused address cannot be read through this). Redirects are not followed.
 */
export async function postOutbound(
  url: string,
  options: { headers: Record<string, string>; body: string; timeoutMs: number },
): Promise<number> {
  return (await exchangeOutbound(url, { ...options, keepBytes: 0 })).status;
}

/** Keep-alive agents, one per scheme, checked address and port (and host, for TLS's name). */
const agents = new Map<string, http.Agent>();
/** A kept connection idles this long before it is closed. */
const IDLE_MS = 15_000;

/**
 * The agent that keeps connections to one checked address open: a socket it hands out was opened
 * to that address, so reuse never reaches an address the check did not pass.
 */
function keepAliveAgent(target: URL, checked: CheckedAddress, maxSockets: number): http.Agent {
  const key = `${target.protocol}//${target.hostname}@${checked.address}:${target.port}`;
  let agent = agents.get(key);
  if (!agent) {
    const options = { keepAlive: true, maxSockets, maxFreeSockets: maxSockets, timeout: IDLE_MS };
    agent = target.protocol === 'https:' ? new https.Agent(options) : new http.Agent(options);
    agents.set(key, agent);
  }
  return agent;
}

/** Closes the kept connections (tests, shutdown). */
export function closeOutboundAgents() {
  for (const agent of agents.values()) agent.destroy();
  agents.clear();
}

/**
 * The same POST, answering also the first `keepBytes` bytes of the response (a webhook's delivery
 * log shows them to staff who may read that endpoint's log); the rest is read and dropped.
 * `checked`: the address `resolveOutbound` already answered for this URL's host (a sender of
 * many messages resolves once per batch). `keepAlive`: reuse connections (at most that many
 * to the address at once) instead of one per request.
 */
export async function exchangeOutbound(
  url: string,
  options: {
    headers: Record<string, string>;
    body: string;
    timeoutMs: number;
    keepBytes: number;
    checked?: CheckedAddress;
    keepAlive?: number;
  },
): Promise<{ status: number; head: Buffer }> {
  const target = new URL(url);
  const checked = options.checked ?? (await resolveOutbound(target.hostname));
  const request = target.protocol === 'https:' ? https.request : http.request;
  const signal = AbortSignal.timeout(options.timeoutMs);
  const agent = options.keepAlive ? keepAliveAgent(target, checked, options.keepAlive) : undefined;
  return new Promise((resolve, reject) => {
    const req = request(
      target,
      {
        method: 'POST',
        headers: options.headers,
        lookup: pinned(checked),
        signal,
        ...(agent ? { agent } : {}),
      },
      (res) => {
        const kept: Buffer[] = [];
        let room = options.keepBytes;
        res.on('data', (chunk: Buffer) => {
          if (room <= 0) return;
          kept.push(chunk.subarray(0, room));
          room -= chunk.length;
        });
        res.on('error', reject);
        res.on('end', () => resolve({ status: res.statusCode ?? 0, head: Buffer.concat(kept) }));
      },
    );
    req.on('error', (err) => reject(signal.aborted ? new OutboundTimeout() : err));
    req.end(options.body);
  });
}
