// The ACS side of a connection request (TR-069 Amendment 6, 3.2.2) for tests: GET, and on 401 answer the
// Digest challenge once.
import { createHash } from 'node:crypto';
import { request } from 'node:http';
import { buildDigestAuthorization, parseAuthHeader } from '@provisor/cwmp';

export interface CrResult {
  status: number;
  /** The status of the first, unauthenticated GET (401 expected). */
  firstStatus: number;
}

function get(url: string, authorization?: string): Promise<{ status: number; challenge: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: 'GET', headers: authorization ? { authorization } : {}, agent: false },
      (res) => {
        res.resume();
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, challenge: String(res.headers['www-authenticate'] ?? '') }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

export async function connectionRequest(url: string, username: string, password: string): Promise<CrResult> {
  const first = await get(url);
  if (first.status !== 401) return { status: first.status, firstStatus: first.status };
  const challenge = parseAuthHeader(first.challenge).find((c) => c.scheme === 'Digest');
  if (!challenge) throw new Error(`no Digest challenge in "${first.challenge}"`);
  const u = new URL(url);
  const authorization = buildDigestAuthorization(
    {
      username,
      password,
      method: 'GET',
      uri: u.pathname,
      challenge: challenge.params,
      nc: 1,
      cnonce: 'abcdef',
    },
    (alg, data) =>
      createHash(alg === 'MD5' ? 'md5' : 'sha256')
        .update(data)
        .digest('hex'),
  );
  const second = await get(url, authorization ?? undefined);
  return { status: second.status, firstStatus: first.status };
}
