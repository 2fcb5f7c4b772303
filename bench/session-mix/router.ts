// The router side of the mix: one session per call, answering whatever the ACS asks with the canned
// answers of mix.ts, and counting what each session carried.
import type { Client } from 'undici';
import { fillValueChange, getResponse, informTemplates, messageId, setResponse } from './mix';

export interface MixCounts {
  sessions: number;
  valueChanges: number;
  sets: number;
  gets: number;
  unexpected: string[];
}

export type MixTemplates = readonly ReturnType<typeof informTemplates>[];

/** Every router's Informs (about 10 KB a router), built once for all the runs of a benchmark. */
export function mixTemplates(count: number): MixTemplates {
  return Array.from({ length: count }, (_, k) => informTemplates(k + 1));
}

/** The routers of `templates` for one run: its sessions, and what they carried. */
export function mixRouters(templates: MixTemplates) {
  const counts: MixCounts = { sessions: 0, valueChanges: 0, sets: 0, gets: 0, unexpected: [] };
  let started = 0;

  async function post(client: Client, body: string, cookie: string) {
    const res = await client.request({
      method: 'POST',
      path: '/',
      body,
      headers: {
        ...(body ? { 'content-type': 'text/xml; charset=utf-8' } : {}),
        ...(cookie ? { cookie } : {}),
      },
    });
    return { status: res.statusCode, headers: res.headers, text: await res.body.text() };
  }

  /** One session of router `index` (0-based); true when it ended with 204 after what it should carry. */
  async function session(client: Client, _body: string, index: number): Promise<boolean> {
    const t = templates[index]!;
    const valueChange = started++ % 10 === 0;
    const inform = await post(client, valueChange ? fillValueChange(t.valueChange, started) : t.periodic, '');
    if (inform.status !== 200) return fail(`Inform: HTTP ${inform.status} ${inform.text.slice(0, 300)}`);
    const cookie = String(inform.headers['set-cookie'] ?? '').split(';')[0] ?? '';
    let next = '';
    for (let rpcs = 0; rpcs < 4; rpcs++) {
      const reply = await post(client, next, cookie);
      if (reply.status === 204) {
        counts.sessions++;
        if (valueChange) counts.valueChanges++;
        return true;
      }
      if (reply.status !== 200) return fail(`HTTP ${reply.status} ${reply.text.slice(0, 300)}`);
      const id = messageId(reply.text);
      if (reply.text.includes('SetParameterValues>')) {
        counts.sets++;
        next = setResponse(id);
      } else if (reply.text.includes('GetParameterValues>')) {
        counts.gets++;
        next = getResponse(id);
      } else {
        return fail(reply.text.slice(0, 400));
      }
    }
    return fail('more than 4 requests in one session');
  }

  function fail(what: string): false {
    if (counts.unexpected.length < 5) counts.unexpected.push(what);
    return false;
  }

  return { counts, session, bodies: templates.map((t) => t.periodic) };
}
