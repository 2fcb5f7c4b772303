// Where a connection request may go. A router reports its ConnectionRequestURL itself, so a router
// (or anyone posing as one while authentication is off) could make the ACS send requests anywhere:
// into the ACS's own network, to its loopback services, to a cloud's metadata service. So by default
// a request goes only to the address the router's CWMP sessions come from, or to networks the
// operator lists (NAT set-ups where routers report private addresses), and never to loopback,
// link-local, multicast or metadata addresses unless the router itself came from that very address.
// Host names are resolved here and the request is pinned to the address that was checked.
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { normalizeAddress, parseNetwork } from '../../net/addresses';

export interface TargetPolicy {
  /** The address the router's sessions come from; '' when it has not informed yet. */
  source: string;
  /** Networks (CIDR, e.g. "10.0.0.0/8") where requests may go whatever the source. */
  allowedNetworks: readonly string[];
}

export type TargetVerdict =
  { ok: true; address: string; family: 4 | 6; hostname: string } | { ok: false; reason: string };

/** Answers of the address resolver (`dns.lookup` with `all`), replaceable in tests. */
export type Resolver = (hostname: string) => Promise<{ address: string; family: number }[]>;

const systemResolver: Resolver = (hostname) => lookup(hostname, { all: true, verbatim: true });

function neverList(): BlockList {
  const list = new BlockList();
  for (const [net, bits] of [
    ['0.0.0.0', 8], // "this network"
    ['127.0.0.0', 8], // loopback
    ['169.254.0.0', 16], // link-local, with the metadata service of most clouds (169.254.169.254)
    ['100.100.100.200', 32], // Alibaba Cloud's metadata service
    ['224.0.0.0', 4], // multicast
    ['240.0.0.0', 4], // reserved, with the broadcast address
  ] as const)
    list.addSubnet(net, bits, 'ipv4');
  for (const [net, bits] of [
    ['::', 128], // unspecified
    ['::1', 128], // loopback
    ['fe80::', 10], // link-local
    ['ff00::', 8], // multicast
    ['fd00:ec2::254', 128], // AWS's IPv6 metadata service
  ] as const)
    list.addSubnet(net, bits, 'ipv6');
  return list;
}

export function createTargetChecker(resolve: Resolver = systemResolver) {
  const never = neverList();
  const allowedLists = new Map<string, BlockList>();

  function allowedList(networks: readonly string[]): BlockList {
    const key = networks.join(',');
    let list = allowedLists.get(key);
    if (!list) {
      list = new BlockList();
      for (const cidr of networks) {
        const n = parseNetwork(cidr);
        if (n) list.addSubnet(n.network, n.prefix, n.type);
      }
      // Settings change rarely: keep the last few lists.
      if (allowedLists.size > 8) allowedLists.clear();
      allowedLists.set(key, list);
    }
    return list;
  }

  function checkAddress(address: string, policy: TargetPolicy): string | null {
    const a = normalizeAddress(address);
    const type = isIP(a) === 4 ? 'ipv4' : 'ipv6';
    const source = policy.source ? normalizeAddress(policy.source) : '';
    if (source !== '' && a === source) return null;
    if (never.check(a, type))
      return `${a} is a loopback, link-local, multicast or cloud-metadata address, and the router's sessions do not come from it`;
    if (allowedList(policy.allowedNetworks).check(a, type)) return null;
    // A device that never informed has the URL an operator registered.
    if (source === '') return null;
    return (
      `${a} is not the address the router's sessions come from (${source}) nor in a network of ` +
      'connectionRequest.allowedNetworks in the settings (add one there for routers behind NAT)'
    );
  }

  return {
    /** Checks a connection request URL; answers the one address to connect to, or why not. */
    async check(url: string, policy: TargetPolicy): Promise<TargetVerdict> {
      let parsed: URL;
      try {
        parsed = new URL(url);
      } catch {
        return { ok: false, reason: `"${url}" is not a URL` };
      }
      if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
        return { ok: false, reason: `"${parsed.protocol}" is not http: or https:` };
      const hostname = parsed.hostname.replace(/^\[|\]$/g, '');
      let addresses: { address: string; family: number }[];
      if (isIP(hostname)) addresses = [{ address: hostname, family: isIP(hostname) }];
      else {
        try {
          addresses = await resolve(hostname);
        } catch (err) {
          return { ok: false, reason: `${hostname} does not resolve (${(err as Error).message})` };
        }
      }
      if (addresses.length === 0) return { ok: false, reason: `${hostname} has no address` };
      // Every address a name has must pass: the connection could go to any of them.
      for (const { address } of addresses) {
        const reason = checkAddress(address, policy);
        if (reason) return { ok: false, reason };
      }
      const first = addresses[0]!;
      return { ok: true, address: first.address, family: first.family === 6 ? 6 : 4, hostname };
    },
  };
}

export type TargetChecker = ReturnType<typeof createTargetChecker>;
