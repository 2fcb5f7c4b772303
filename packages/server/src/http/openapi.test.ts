// The API reference (issue 22): every registered route is in /api/openapi.json with its permission,
// and the request schemas in the document are the schemas the route validates with (taken here from
// an onRoute hook of our own, not from the document's source); /api/docs renders it as plain HTML;
// both need a signed-in user or a token.
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, listenOnLoopback, login } from '../../test/helpers';
import { openApiPath, plain, type OpenApiDocument } from './openapi';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

describe('API reference', () => {
  let t: TestApp;
  let base: string;
  let token: string;
  const seen: RouteOptions[] = [];
  beforeAll(async () => {
    t = await buildTestApp({}, { onRoute: (route) => void seen.push(route) });
    base = await listenOnLoopback(t.app);
    token = await login(t.app);
  });
  afterAll(async () => t.close());

  it('answers 401 to both without a token', async () => {
    for (const path of ['/api/openapi.json', '/api/docs']) {
      const res = await fetch(`${base}${path}`);
      expect(res.status, path).toBe(401);
    }
  });

  it('lists every registered route with its permission and the very schemas it validates with', async () => {
    const res = await fetch(`${base}/api/openapi.json`, { headers: bearer(token) });
    expect(res.status).toBe(200);
    const doc = (await res.json()) as OpenApiDocument;
    expect(doc.openapi).toBe('3.1.0');
    expect(seen.length).toBeGreaterThan(80);
    const problems: string[] = [];
    for (const route of seen) {
      for (const method of [route.method].flat()) {
        const name = `${method} ${route.url}`;
        const op = doc.paths[openApiPath(route.url)]?.[method.toLowerCase()];
        if (!op) {
          problems.push(`${name}: missing`);
          continue;
        }
        const config = route.config as { public?: boolean; permission?: string } | undefined;
        const permission = config?.public === true ? 'public' : config?.permission;
        if (op['x-permission'] !== permission) problems.push(`${name}: x-permission ${op['x-permission']}`);
        const schema = (route.schema ?? {}) as Record<
          string,
          { properties?: Record<string, unknown>; required?: string[] }
        >;
        const body = op.requestBody?.content['application/json']?.schema;
        if (JSON.stringify(body) !== JSON.stringify(plain(schema.body)))
          problems.push(`${name}: body differs`);
        for (const [key, where] of [
          ['params', 'path'],
          ['querystring', 'query'],
        ] as const) {
          const declared = schema[key];
          const inDoc = op.parameters.filter((p) => p.in === where);
          for (const [param, property] of Object.entries(declared?.properties ?? {})) {
            const p = inDoc.find((x) => x.name === param);
            if (!p || JSON.stringify(p.schema) !== JSON.stringify(plain(property)))
              problems.push(`${name}: ${where} parameter ${param} differs`);
            else if (where === 'query' && p.required !== (declared?.required ?? []).includes(param))
              problems.push(`${name}: query parameter ${param} required differs`);
          }
          if (where === 'query' && inDoc.length !== Object.keys(declared?.properties ?? {}).length)
            problems.push(`${name}: query parameters differ`);
        }
        for (const [status, response] of Object.entries((schema.response ?? {}) as Record<string, unknown>)) {
          const documented = op.responses[status]?.content?.['application/json']?.schema;
          if (status !== '204' && JSON.stringify(documented) !== JSON.stringify(plain(response)))
            problems.push(`${name}: response ${status} differs`);
        }
      }
    }
    expect(problems).toEqual([]);
    // A known route, spelled out.
    const reboot = doc.paths['/api/devices/{id}/reboot']!.post!;
    expect(reboot['x-permission']).toBe('operate');
    expect(reboot.parameters.map((p) => [p.name, p.in])).toEqual([['id', 'path']]);
    expect(Object.keys(reboot.responses)).toEqual(expect.arrayContaining(['200', '401', '403', '404']));
  });

  it('renders a plain HTML reference grouped by module, with no script and nothing loaded from elsewhere', async () => {
    const res = await fetch(`${base}/api/docs`, { headers: bearer(token) });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).not.toMatch(/<script|<link|https?:\/\//i);
    expect(html).toContain('<h2 id="devices">devices</h2>');
    expect(html).toContain('<code>POST /api/devices/{id}/reboot</code>');
    expect(html).toMatch(
      /POST \/api\/devices\/\{id\}\/reboot<\/code><\/h3><p>Permission: <strong>operate<\/strong>/,
    );
    expect(html).toContain('<code>403</code> The role may not do this');
  });
});
