// HTTP Digest authentication (RFC 7616; RFC 2617 without qop), used in both directions of CWMP:
// the ACS challenges CPEs (TR-069 Amendment 6, 3.4.5) and CPEs challenge its connection requests (3.2.2).
// Pure: the caller passes the hash function (node:crypto on the server and in the simulator).

export type DigestAlgorithm = 'MD5' | 'SHA-256';

/** Hex digest of UTF-8 `data` with `algorithm`. */
export type DigestHash = (algorithm: DigestAlgorithm, data: string) => string;

export interface AuthChallenge {
  scheme: string;
  params: Record<string, string>;
}

/**
 * Parses a WWW-Authenticate or Authorization header value into its challenges or credentials:
 * `Digest realm="x", nonce="y", Basic realm="z"` gives two. Quoted strings may contain commas and
 * backslash escapes. Malformed text yields what could be read, never an exception.
 */
export function parseAuthHeader(header: string): AuthChallenge[] {
  const result: AuthChallenge[] = [];
  let i = 0;
  const n = header.length;
  const skipSpace = () => {
    while (i < n && (header[i] === ' ' || header[i] === '\t' || header[i] === ',')) i++;
  };
  const token = (): string | null => {
    // A sticky regex per call: no module-level mutable state (style rule 2).
    const re = /[!#$%&'*+\-.^_`|~0-9A-Za-z]+/y;
    re.lastIndex = i;
    const m = re.exec(header);
    if (!m) return null;
    i = re.lastIndex;
    return m[0];
  };
  while (i < n) {
    skipSpace();
    const scheme = token();
    if (!scheme) break;
    const challenge: AuthChallenge = { scheme, params: {} };
    result.push(challenge);
    while (i < n && header[i] === ' ') i++;
    // Basic credentials: a token68 (base64, maybe ending in `=`) instead of parameters.
    const run = /^[^ ,]*/.exec(header.slice(i))?.[0] ?? '';
    if (/^[A-Za-z0-9\-._~+/]+=*$/.test(run) && (run.endsWith('=') || !run.includes('='))) {
      const after = header.slice(i + run.length).trimStart();
      if (run.endsWith('=') || after === '' || after.startsWith(',')) {
        challenge.params.token68 = run;
        i += run.length;
        continue;
      }
    }
    for (;;) {
      while (i < n && (header[i] === ' ' || header[i] === ',')) i++;
      const keyStart = i;
      const key = token();
      if (!key) break;
      while (i < n && header[i] === ' ') i++;
      if (header[i] !== '=') {
        // The next challenge's scheme.
        i = keyStart;
        break;
      }
      i++;
      while (i < n && header[i] === ' ') i++;
      let value = '';
      if (header[i] === '"') {
        i++;
        while (i < n && header[i] !== '"') {
          if (header[i] === '\\' && i + 1 < n) i++;
          value += header[i];
          i++;
        }
        i++;
      } else {
        value = token() ?? '';
      }
      challenge.params[key.toLowerCase()] = value;
    }
  }
  return result;
}

function quote(value: string): string {
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

export interface ChallengeOptions {
  realm: string;
  nonce: string;
  opaque?: string;
  algorithm: DigestAlgorithm;
  stale?: boolean;
}

/** One `WWW-Authenticate` value offering `qop="auth"`. */
export function buildDigestChallenge(o: ChallengeOptions): string {
  const parts = [
    `realm=${quote(o.realm)}`,
    `qop="auth"`,
    `algorithm=${o.algorithm}`,
    `nonce=${quote(o.nonce)}`,
  ];
  if (o.opaque !== undefined) parts.push(`opaque=${quote(o.opaque)}`);
  if (o.stale) parts.push('stale=true');
  return `Digest ${parts.join(', ')}`;
}

export interface DigestInputs {
  algorithm: DigestAlgorithm;
  username: string;
  password: string;
  realm: string;
  method: string;
  uri: string;
  nonce: string;
  /** Absent for RFC 2069 clients (no qop). */
  qop?: 'auth';
  nc?: string;
  cnonce?: string;
}

/** The `response` value both sides compute (RFC 7616 §3.4.1). */
export function computeDigestResponse(i: DigestInputs, hash: DigestHash): string {
  const ha1 = hash(i.algorithm, `${i.username}:${i.realm}:${i.password}`);
  const ha2 = hash(i.algorithm, `${i.method}:${i.uri}`);
  if (i.qop === 'auth')
    return hash(i.algorithm, `${ha1}:${i.nonce}:${i.nc ?? ''}:${i.cnonce ?? ''}:auth:${ha2}`);
  return hash(i.algorithm, `${ha1}:${i.nonce}:${ha2}`);
}

export function parseDigestAlgorithm(value: string | undefined): DigestAlgorithm | null {
  if (value === undefined || value.toUpperCase() === 'MD5') return 'MD5';
  if (value.toUpperCase() === 'SHA-256') return 'SHA-256';
  return null;
}

export interface AuthorizationOptions {
  username: string;
  password: string;
  method: string;
  uri: string;
  /** The parameters of the server's Digest challenge. */
  challenge: Record<string, string>;
  /** Request count for this nonce, 1 for the first request. */
  nc: number;
  cnonce: string;
}

/** The `Authorization` value answering a Digest challenge; null for an algorithm we do not speak. */
export function buildDigestAuthorization(o: AuthorizationOptions, hash: DigestHash): string | null {
  const algorithm = parseDigestAlgorithm(o.challenge.algorithm);
  if (!algorithm) return null;
  const realm = o.challenge.realm ?? '';
  const nonce = o.challenge.nonce ?? '';
  const qop = (o.challenge.qop ?? '')
    .split(',')
    .map((q) => q.trim())
    .includes('auth')
    ? 'auth'
    : undefined;
  const nc = o.nc.toString(16).padStart(8, '0');
  const response = computeDigestResponse(
    {
      algorithm,
      username: o.username,
      password: o.password,
      realm,
      method: o.method,
      uri: o.uri,
      nonce,
      qop,
      nc,
      cnonce: o.cnonce,
    },
    hash,
  );
  const parts = [
    `username=${quote(o.username)}`,
    `realm=${quote(realm)}`,
    `nonce=${quote(nonce)}`,
    `uri=${quote(o.uri)}`,
    `algorithm=${algorithm}`,
    `response=${quote(response)}`,
  ];
  if (qop) parts.push(`qop=${qop}`, `nc=${nc}`, `cnonce=${quote(o.cnonce)}`);
  if (o.challenge.opaque !== undefined) parts.push(`opaque=${quote(o.challenge.opaque)}`);
  return `Digest ${parts.join(', ')}`;
}

/**
 * Checks Digest credentials against the password. Nonce freshness and nonce-count replay checks are
 * the caller's (it knows which nonces it issued).
 */
export function verifyDigestResponse(
  params: Record<string, string>,
  expected: { method: string; password: string },
  hash: DigestHash,
): boolean {
  const algorithm = parseDigestAlgorithm(params.algorithm);
  if (!algorithm || !params.username || !params.nonce || params.uri === undefined || !params.response)
    return false;
  const qop = params.qop === 'auth' ? 'auth' : undefined;
  if (params.qop !== undefined && !qop) return false;
  const response = computeDigestResponse(
    {
      algorithm,
      username: params.username,
      password: expected.password,
      realm: params.realm ?? '',
      method: expected.method,
      uri: params.uri,
      nonce: params.nonce,
      qop,
      nc: params.nc,
      cnonce: params.cnonce,
    },
    hash,
  );
  return constantTimeEqual(response, params.response.toLowerCase());
}

function constantTimeEqual(a: string, b: string): boolean {
  let diff = a.length ^ b.length;
  for (let i = 0; i < Math.max(a.length, b.length); i++)
    diff |= (a.charCodeAt(i) || 0) ^ (b.charCodeAt(i) || 0);
  return diff === 0;
}

/** `Basic` credentials from an Authorization header's token68, or null. */
export function decodeBasicCredentials(token68: string): { username: string; password: string } | null {
  let text: string;
  try {
    text = new TextDecoder().decode(Uint8Array.from(atob(token68), (c) => c.charCodeAt(0)));
  } catch {
    return null;
  }
  const colon = text.indexOf(':');
  return colon < 0 ? null : { username: text.slice(0, colon), password: text.slice(colon + 1) };
}
