// The API reference (issue 22): an OpenAPI 3.1 document generated from the routes as registered (the
// very schemas each route validates its request with and serialises its answers by), and a plain
// HTML page rendered from that document. Nothing is written by hand, so nothing drifts: a route added
// tomorrow is in the document tomorrow. OpenAPI 3.1 schemas are JSON Schema 2020-12, which TypeBox
// schemas are (their symbol keys do not survive JSON, which is what we want).
import type { RouteSummary } from '../http';

type Schema = Record<string, unknown>;
interface Parameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: unknown;
}
export interface Operation {
  operationId: string;
  tags: string[];
  'x-permission': string;
  security?: Record<string, string[]>[];
  parameters: Parameter[];
  requestBody?: { required: true; content: Record<string, { schema: unknown }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }>;
}
export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  components: { securitySchemes: Record<string, unknown> };
  paths: Record<string, Record<string, Operation>>;
}

/** A plain JSON copy of a schema (TypeBox's symbol keys and any prototype dropped). */
export const plain = (schema: unknown): unknown =>
  schema === undefined ? undefined : JSON.parse(JSON.stringify(schema));

/** `/api/devices/:id` -> `/api/devices/{id}`; Fastify's wildcard `*` is the parameter `*`. */
export function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*/g, '{*}');
}

/** The module a route belongs to, for grouping: the word after /api, else the door's. */
export function moduleOf(url: string): string {
  const api = /^\/api\/([^/]+)/.exec(url);
  if (api) return api[1]!;
  if (url === '/ws') return 'live';
  if (url.startsWith('/files/')) return 'cpe-files';
  if (url === '/health' || url === '/ready' || url === '/metrics') return 'operations';
  if (url === '/' || url === '/*') return 'cwmp-and-console';
  return 'other';
}

function parametersOf(schema: unknown, where: 'path' | 'query'): Parameter[] {
  const s = plain(schema) as Schema | undefined;
  if (!s || typeof s.properties !== 'object') return [];
  const required = new Set((s.required as string[] | undefined) ?? []);
  return Object.entries(s.properties as Record<string, unknown>).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    schema: property,
  }));
}

const STATUS_TEXT: Record<string, string> = {
  '200': 'OK',
  '201': 'Created',
  '202': 'Accepted',
  '204': 'No content',
  '400': 'Bad request: the message says what to fix',
  '401': 'Not signed in, or the token is not valid',
  '403': 'The role may not do this',
  '404': 'Not found',
  '409': 'Conflict',
  '413': 'Too large',
  '415': 'Unsupported media type',
  '429': 'Too many requests',
  '500': 'Server error',
  '503': 'Unavailable',
};

export function buildOpenApiDocument(routes: readonly RouteSummary[], version: string): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const route of routes) {
    const path = openApiPath(route.url);
    const { params, querystring, body, response } = route.schema;
    const pathParameters = parametersOf(params, 'path');
    // A path parameter the route declares no schema for is still a parameter.
    for (const name of [...route.url.matchAll(/:([A-Za-z0-9_]+)|(\*)/g)].map((m) => m[1] ?? '*'))
      if (!pathParameters.some((p) => p.name === name))
        pathParameters.push({ name, in: 'path', required: true, schema: { type: 'string' } });
    const operation: Operation = {
      operationId: `${route.method} ${route.url}`,
      tags: [moduleOf(route.url)],
      'x-permission': route.permission,
      ...(route.permission === 'public' ? {} : { security: [{ bearer: [] }] }),
      parameters: [...pathParameters, ...parametersOf(querystring, 'query')],
      responses: {},
    };
    if (body !== undefined)
      operation.requestBody = { required: true, content: { 'application/json': { schema: plain(body) } } };
    for (const [status, schema] of Object.entries(response ?? {})) {
      const s = plain(schema) as Schema;
      operation.responses[status] = {
        description: STATUS_TEXT[status] ?? status,
        ...(status === '204' ? {} : { content: { 'application/json': { schema: s } } }),
      };
    }
    if (Object.keys(operation.responses).length === 0)
      operation.responses.default = { description: 'Any answer' };
    if (route.permission !== 'public') {
      operation.responses['401'] ??= { description: STATUS_TEXT['401']! };
      if (route.permission !== 'read') operation.responses['403'] ??= { description: STATUS_TEXT['403']! };
    }
    (paths[path] ??= {})[route.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Provisor API',
      version,
      description:
        'The ACS API. Send a sign-in token (POST /api/auth/login) or an API token as "Authorization: Bearer <token>". ' +
        "Each operation's x-permission says which roles may call it: read (every role), operate (operator, admin), admin, public.",
    },
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    paths,
  };
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function typeOf(schema: unknown): string {
  const s = schema as Schema | undefined;
  if (!s) return '';
  if (Array.isArray(s.enum)) return (s.enum as unknown[]).map(String).join(' | ');
  if (Array.isArray(s.anyOf)) return (s.anyOf as unknown[]).map(typeOf).join(' | ');
  if (s.type === 'array') return `${typeOf(s.items)}[]`;
  return String(s.type ?? 'any');
}

/** GET /api/docs: the document as a readable page, grouped by module; plain HTML, nothing loaded. */
export function renderApiReference(doc: OpenApiDocument): string {
  const groups = new Map<string, { path: string; method: string; op: Operation }[]>();
  for (const [path, methods] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(methods)) {
      if (method === 'head') continue;
      const tag = op.tags[0]!;
      if (!groups.has(tag)) groups.set(tag, []);
      groups.get(tag)!.push({ path, method, op });
    }
  const sections = [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([tag, ops]) => {
      const items = ops
        .sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method))
        .map(({ path, method, op }) => {
          const params = op.parameters
            .map(
              (p) =>
                `<li><code>${escapeHtml(p.name)}</code> (${p.in}${p.required ? ', required' : ''}): ${escapeHtml(typeOf(p.schema))}</li>`,
            )
            .join('');
          const body = op.requestBody
            ? `<p>Body (JSON): <code>${escapeHtml(JSON.stringify(op.requestBody.content['application/json']!.schema))}</code></p>`
            : '';
          const responses = Object.entries(op.responses)
            .map(([status, r]) => `<li><code>${escapeHtml(status)}</code> ${escapeHtml(r.description)}</li>`)
            .join('');
          return (
            `<section id="${escapeHtml(`${method}-${path}`)}"><h3><code>${method.toUpperCase()} ${escapeHtml(path)}</code></h3>` +
            `<p>Permission: <strong>${escapeHtml(op['x-permission'])}</strong></p>` +
            (params ? `<p>Parameters:</p><ul>${params}</ul>` : '') +
            body +
            `<p>Responses:</p><ul>${responses}</ul></section>`
          );
        })
        .join('\n');
      return `<h2 id="${escapeHtml(tag)}">${escapeHtml(tag)}</h2>\n${items}`;
    })
    .join('\n');
  const toc = [...groups.keys()]
    .sort()
    .map((tag) => `<li><a href="#${escapeHtml(tag)}">${escapeHtml(tag)}</a></li>`)
    .join('');
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(doc.info.title)} reference</title></head><body>` +
    `<h1>${escapeHtml(doc.info.title)} ${escapeHtml(doc.info.version)}</h1><p>${escapeHtml(doc.info.description)}</p>` +
    `<p>The machine-readable document: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1).</p>` +
    `<ul>${toc}</ul>\n${sections}</body></html>`
  );
}
