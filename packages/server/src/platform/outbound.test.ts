import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OutboundRefused,
  parseOutboundAllow,
  postOutbound,
  refusalOf,
  resolveOutbound,
  useOutboundAllow,
} from './outbound.ts';

let hits = 0;
const server = createServer((req, res) => {
  hits += 1;
  req.resume();
  req.on('end', () => res.writeHead(418).end('internal secret page'));
});
let url = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const post = (to: string) => postOutbound(to, { headers: {}, body: '{}', timeoutMs: 2000 });

describe('outbound connections on staff input', () => {
  it('refuses every non-public range, IPv4-mapped addresses as the IPv4 they carry', () => {
    useOutboundAllow(parseOutboundAllow(''));
    const ranges: Record<string, string> = {
      '127.0.0.1': 'loopback',
      '10.1.2.3': 'private',
      '172.16.5.4': 'private',
      '192.168.1.10': 'private',
      '169.254.169.254': 'linkLocal',
      '100.64.0.1': 'carrierGradeNat',
      '0.0.0.0': 'unspecified',
      '::1': 'loopback',
      'fd00::1': 'uniqueLocal',
      'fe80::1': 'linkLocal',
      '::ffff:127.0.0.1': 'loopback',
      '::ffff:169.254.169.254': 'linkLocal',
    };
    for (const [address, range] of Object.entries(ranges)) expect(refusalOf(address), address).toBe(range);
    for (const address of ['93.184.215.14', '8.8.8.8', '2a00:1450:4001:80b::200e'])
      expect(refusalOf(address), address).toBeUndefined();
  });

  it('opens what OUTBOUND_ALLOW lists: an address, a CIDR range, a host name', () => {
    useOutboundAllow(parseOutboundAllow(' 127.0.0.1, 10.20.0.0/16 ,relay.bank.internal'));
    expect(refusalOf('127.0.0.1')).toBeUndefined();
    expect(refusalOf('10.20.9.9')).toBeUndefined();
    expect(refusalOf('10.21.0.1')).toBe('private');
    expect(refusalOf('10.99.0.5', 'RELAY.bank.internal')).toBeUndefined();
    expect(() => parseOutboundAllow('10.0.0.0/8, not a host!')).toThrow('"not a host!" is not a host name');
  });

  it('checks the addresses a name resolves to, and connects to the checked one', async () => {
    useOutboundAllow(parseOutboundAllow(''));
    await expect(resolveOutbound('localhost')).rejects.toThrow(OutboundRefused);
    await expect(post(url)).rejects.toThrow('127.0.0.1 is a loopback address');
    expect(hits).toBe(0);
    useOutboundAllow(parseOutboundAllow('127.0.0.1'));
    expect(await resolveOutbound('localhost')).toEqual({ address: '127.0.0.1', family: 4 });
    // Reached by its name, through the address checked; the answer's status only, never its body.
    expect(await post(url.replace('127.0.0.1', 'localhost'))).toBe(418);
    expect(hits).toBe(1);
  });
});
