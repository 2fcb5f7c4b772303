// IP addresses and networks, as routers, proxies and operators write them.
import { isIP } from 'node:net';

/** An address as one spelling: IPv4-mapped IPv6 as IPv4, IPv6 compressed and lower-case. */
export function normalizeAddress(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (isIP(address) !== 6) return address;
  const canonical = new URL(`http://[${address}]/`).hostname.slice(1, -1);
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(canonical);
  if (!hex) return canonical;
  const n = (Number.parseInt(hex[1]!, 16) << 16) | Number.parseInt(hex[2]!, 16);
  return [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');
}

/** "10.0.0.0/8" -> its parts, or null when it is not a network. */
export function parseNetwork(
  cidr: string,
): { network: string; prefix: number; type: 'ipv4' | 'ipv6' } | null {
  const m = /^([^/]+)\/(\d{1,3})$/.exec(cidr.trim());
  if (!m) return null;
  const family = isIP(m[1]!);
  const prefix = Number(m[2]);
  if (family === 0 || prefix > (family === 4 ? 32 : 128)) return null;
  return { network: m[1]!, prefix, type: family === 4 ? 'ipv4' : 'ipv6' };
}
