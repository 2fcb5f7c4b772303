// Router quirks: how real routers bend the protocol (issue 23), as options, so the simulator can act
// like each kind of router an ACS meets. None of them is a fault: a router with quirks works with an
// ACS that is lenient where real deployments need it to be.

export interface RouterQuirks {
  /** Every POST carries a `Content-Type:` header with an empty value (as some firmwares send). */
  emptyContentType: boolean;
  /**
   * Envelopes written with the well-known prefixes (soap:, cwmp:, xsd:, xsi:, soap-enc:) used but
   * never declared: 'faults' only in the Fault answers to the ACS's RPCs, 'all' in every message.
   */
  undeclaredPrefixes: 'none' | 'faults' | 'all';
  /**
   * HTTP Digest toward the ACS: the router reads only the first WWW-Authenticate challenge and
   * speaks MD5 only (it cannot answer a SHA-256 challenge, even when MD5 is offered after it).
   */
  md5FirstChallengeOnly: boolean;
  /**
   * The Digest algorithms the router's connection-request server offers (TR-069 Amendment 6,
   * 3.2.2), one WWW-Authenticate line each, in this order; only answers in one of them are taken.
   * Names the ACS may not speak (e.g. SHA-512-256) may come first, as some firmwares send them.
   */
  crDigestChallenges: readonly string[];
}

export const NO_QUIRKS: RouterQuirks = {
  emptyContentType: false,
  undeclaredPrefixes: 'none',
  md5FirstChallengeOnly: false,
  crDigestChallenges: ['MD5'],
};

export class QuirkOptionError extends Error {
  override name = 'QuirkOptionError';
}

/** The quirks of `partial` over NO_QUIRKS; throws saying what to fix on an unknown value. */
export function resolveQuirks(partial: Partial<RouterQuirks> = {}): RouterQuirks {
  const q = { ...NO_QUIRKS, ...partial };
  if (!['none', 'faults', 'all'].includes(q.undeclaredPrefixes)) {
    throw new QuirkOptionError(
      `undeclaredPrefixes must be 'none', 'faults' or 'all', not ${JSON.stringify(q.undeclaredPrefixes)}`,
    );
  }
  if (
    !Array.isArray(q.crDigestChallenges) ||
    q.crDigestChallenges.length === 0 ||
    q.crDigestChallenges.some((a) => typeof a !== 'string' || !/^[\w.-]+$/.test(a))
  ) {
    throw new QuirkOptionError(
      `crDigestChallenges must list Digest algorithm names in the order offered, e.g. ['SHA-256', 'MD5'], not ${JSON.stringify(q.crDigestChallenges)}`,
    );
  }
  return q;
}

/**
 * The envelope as a router that never declares its prefixes writes it: the codec's declarations on
 * the Envelope dropped, and soap-env: spelled soap: (the usual spelling of such routers).
 */
export function undeclarePrefixes(xml: string): string {
  const open = xml.indexOf('<soap-env:Envelope');
  const close = open === -1 ? -1 : xml.indexOf('>', open);
  if (close === -1) return xml;
  const tag = xml.slice(open, close).replace(/\s+xmlns:[\w.-]+="[^"]*"/g, '');
  return (xml.slice(0, open) + tag + xml.slice(close)).replace(/soap-env:/g, 'soap:');
}

/** Whether the POST body `xml` should be written with undeclared prefixes. */
export function writesUndeclared(quirks: RouterQuirks, xml: string): boolean {
  if (xml === '' || quirks.undeclaredPrefixes === 'none') return false;
  return quirks.undeclaredPrefixes === 'all' || xml.includes('<soap-env:Fault>');
}
