import { jsonResponse, stubFetch, type RecordedRequest } from '@/test/fetch-stub';
import type { Profile } from '@provisor/server/contract';
import type { ProfileTemplate } from '../api/get-profile-templates';

export const TEMPLATE: ProfileTemplate = {
  id: 'tpl-1',
  name: 'Lab Router',
  vendor: 'Acme',
  model: 'AX1',
  mapping: [{ field: 'wifi_ssid', param: 'Device.WiFi.SSID.1.SSID', type: 'string', required: true }],
  schema: {
    type: 'object',
    properties: {
      wifi_ssid: { type: 'string', title: 'Wi-Fi name (SSID)', minLength: 1, maxLength: 32 },
      wifi_password: { type: 'string', minLength: 8, maxLength: 63 },
      wifi_enabled: { type: 'boolean', title: 'Wi-Fi enabled' },
      wifi_security_mode: { type: 'string', title: 'Wi-Fi security', enum: ['WPA2-PSK', 'WPA/WPA2-PSK'] },
      wifi_channel: { type: 'integer', title: 'Wi-Fi channel', minimum: 0, maximum: 165 },
      extra: { type: 'object', title: 'Extra settings' },
      dns_servers: { type: 'array', title: 'DNS servers' },
    },
  },
};
export const OTHER_TEMPLATE: ProfileTemplate = {
  id: 'tpl-2',
  name: 'Other',
  vendor: 'Generic',
  model: 'TR-181 Router',
  mapping: [],
  schema: { type: 'object', properties: { ntp_server: { type: 'string' } } },
};

export function makeProfile(index: number, overrides: Partial<Profile> = {}): Profile {
  return {
    id: `p-${index}`,
    name: `Profile ${String(index).padStart(2, '0')}`,
    templateId: 'tpl-1',
    values: { wifi_ssid: `Home_${index}`, device_serial_number: `SN${index}` },
    validationStatus: 'valid',
    validationErrors: [],
    version: 1,
    renderedParams: [],
    parameterCount: 0,
    changelog: null,
    createdAt: '2025-03-04T10:00:00.000Z',
    updatedAt: '2025-03-04T10:00:00.000Z',
    ...overrides,
  };
}

export const parse = (request: RecordedRequest) => {
  const url = new URL(request.url, 'http://console.test');
  return { path: url.pathname, query: url.searchParams, method: request.method };
};
export const bodyOf = (request: RecordedRequest | undefined): unknown => JSON.parse(String(request?.body));

/** Answers templates, devices and the profile list (filtered like the server) ; `extra` first. */
/** Answers a request first, or returns undefined to fall through to the defaults. */
type ExtraHandler = (request: RecordedRequest) => Response | undefined | Promise<Response | undefined>;

export function serveProfiles(profiles: Profile[], extra?: ExtraHandler, devices: unknown[] = []) {
  return stubFetch(async (request) => {
    const answer = await extra?.(request);
    if (answer) return answer;
    const { path, query, method } = parse(request);
    if (path === '/api/templates' && method === 'GET')
      return jsonResponse(200, { templates: [TEMPLATE, OTHER_TEMPLATE], total: 2, limit: 100, offset: 0 });
    if (path === '/api/devices')
      return jsonResponse(200, { devices, total: devices.length, limit: 1000, offset: 0 });
    if (path === '/api/profiles' && method === 'GET') {
      const search = query.get('search')?.toLowerCase();
      const list = profiles.filter(
        (p) =>
          (!search || p.name.toLowerCase().includes(search)) &&
          (!query.get('templateId') || p.templateId === query.get('templateId')) &&
          (!query.get('validationStatus') || p.validationStatus === query.get('validationStatus')),
      );
      return jsonResponse(200, { profiles: list, total: list.length, limit: 1000, offset: 0 });
    }
    const one = /^\/api\/profiles\/([^/]+)$/.exec(path);
    if (one && method === 'GET') {
      const profile = profiles.find((p) => p.id === one[1]);
      return profile ? jsonResponse(200, { profile }) : jsonResponse(404, { error: 'Profile not found' });
    }
    return jsonResponse(404, { error: 'Not Found', message: `no stub for ${method} ${path}` });
  });
}
