// The session cookie(s) an ACS sets (GenieACS `session=`, cwmp-acs-go `CWMP-Session-ID`), sent back
// on every later POST of the same session. A new session starts with a fresh jar, as icwmp does.
// Attributes other than expiry are ignored: CPEs commonly ignore Path.
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  /** Takes the Set-Cookie header values of a response. */
  store(setCookie: string[] | string | undefined): void {
    if (setCookie === undefined) return;
    for (const line of Array.isArray(setCookie) ? setCookie : [setCookie]) {
      const [pair = '', ...attrs] = line.split(';');
      const eq = pair.indexOf('=');
      if (eq <= 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => {
        const [k = '', v = ''] = a.split('=').map((s) => s.trim());
        if (k.toLowerCase() === 'max-age') return Number(v) <= 0;
        if (k.toLowerCase() === 'expires') return Date.parse(v) <= Date.now();
        return false;
      });
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /** The Cookie header value, or undefined when the jar is empty. */
  header(): string | undefined {
    if (this.cookies.size === 0) return undefined;
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}
