import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch, type RecordedRequest } from '@/test/fetch-stub';
import { renderApp, resetStores, signIn } from '@/test/render-app';
import { exportFileName } from '../lib/template-form';
import type { Template } from '@provisor/server/contract';

const TEMPLATE: Template = {
  id: 'tpl-1',
  name: 'Huawei EG8145V5 Residential',
  vendor: 'Huawei',
  model: 'EG8145V5',
  dataModel: 'TR-098',
  version: '1.0.0',
  description: 'GPON ONT',
  mapping: [
    {
      field: 'wifi_ssid',
      param: 'InternetGatewayDevice.LANDevice.1.WLANConfiguration.1.SSID',
      type: 'string',
      required: true,
      defaultValue: null,
    },
  ],
  schema: { type: 'object', properties: { wifi_ssid: { type: 'string' } } },
  parameterCount: 1,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
};

const pathOf = (request: RecordedRequest) => new URL(request.url, 'http://console.test').pathname;
const bodyOf = (request: RecordedRequest | undefined): unknown => JSON.parse(String(request?.body));

/** Answers a request first, or returns undefined to fall through to the defaults. */
type ExtraHandler = (request: RecordedRequest) => Response | undefined | Promise<Response | undefined>;

function serve(templates: Template[], extra?: ExtraHandler) {
  return stubFetch(async (request) => {
    const answer = await extra?.(request);
    if (answer) return answer;
    if (pathOf(request) === '/api/templates' && request.method === 'GET')
      return jsonResponse(200, { templates, total: templates.length, limit: 100, offset: 0 });
    return jsonResponse(404, { error: 'Not Found', message: `no stub for ${pathOf(request)}` });
  });
}

describe('Templates screen', () => {
  beforeEach(() => {
    resetStores();
    signIn();
    toast.dismiss();
  });

  it('shows the heading and a card per template with its actions', async () => {
    const fetch = serve([TEMPLATE]);
    renderApp(['/templates']);
    expect(await screen.findByRole('heading', { name: 'Templates' })).toBeInTheDocument();
    expect(screen.getByText('Configuration templates for automatic device provisioning')).toBeInTheDocument();
    const card = await screen.findByRole('article', { name: TEMPLATE.name });
    expect(within(card).getByText('Huawei EG8145V5')).toBeInTheDocument();
    expect(within(card).getByText('1.0.0')).toBeInTheDocument();
    expect(within(card).getByTestId('data-model-badge')).toHaveTextContent('TR-098');
    expect(within(card).getByTestId('parameter-count')).toHaveTextContent('1');
    for (const action of ['Edit', 'Export', 'Delete'])
      expect(within(card).getByRole('button', { name: `${action} ${TEMPLATE.name}` })).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Create Profile' })).toHaveAttribute(
      'href',
      '/profiles?create=tpl-1',
    );
    expect(screen.getByRole('button', { name: 'Import' })).toBeInTheDocument();
    // The shell asks GET /api/auth/me too (issue 22): the templates request is the list's.
    const list = fetch.requests.find(
      (request) => new URL(request.url, 'http://x').pathname === '/api/templates',
    );
    expect(new URL(list!.url, 'http://x').search).toBe('?limit=100&offset=0');
  });

  it('shows "No templates" when there are none', async () => {
    serve([]);
    renderApp(['/templates']);
    expect(await screen.findByText('No templates')).toBeInTheDocument();
  });

  it('requires name, vendor and model and a JSON schema before creating', async () => {
    const fetch = serve([]);
    const user = userEvent.setup();
    renderApp(['/templates']);
    await screen.findByText('No templates');
    await user.click(screen.getByRole('button', { name: 'Create Template' }));
    const dialog = screen.getByRole('dialog', { name: 'Create Template' });
    expect(within(dialog).getByLabelText('Version')).toHaveValue('1.0.0');
    expect(within(dialog).getByLabelText('Data Model')).toHaveValue('TR-181');
    const schema = within(dialog).getByLabelText('Schema (JSON)');
    await user.clear(schema);
    fireEvent.change(schema, { target: { value: '{"type": "object",' } });

    await user.click(within(dialog).getByRole('button', { name: 'Create Template' }));

    expect(within(dialog).getByText('Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Vendor is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Model is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Invalid JSON schema')).toBeInTheDocument();
    expect(fetch.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('says "Invalid JSON format" when leaving a schema that is not JSON', async () => {
    serve([]);
    const user = userEvent.setup();
    renderApp(['/templates']);
    await screen.findByText('No templates');
    await user.click(screen.getByRole('button', { name: 'Create Template' }));
    const schema = screen.getByLabelText('Schema (JSON)');
    fireEvent.change(schema, { target: { value: '{ not json' } });
    expect(screen.queryByText('Invalid JSON format')).toBeNull();
    fireEvent.blur(schema);
    expect(screen.getByText('Invalid JSON format')).toBeInTheDocument();
    fireEvent.change(schema, { target: { value: '{"type":"object"}' } });
    fireEvent.blur(schema);
    expect(screen.queryByText('Invalid JSON format')).toBeNull();
  });

  it('creates a template with its mapping and schema, and shows the server errors', async () => {
    let attempts = 0;
    const fetch = serve([], (request) => {
      if (pathOf(request) === '/api/templates' && request.method === 'POST') {
        attempts += 1;
        if (attempts === 1)
          return jsonResponse(400, {
            error: 'Invalid template',
            message: 'Correct the template and send it again.',
            // As the server answers: every problem in `errors`.
            errors: [
              'Mapping entry 1 (ssid): param "x" is not a CWMP parameter path (e.g. Device.WiFi.SSID.1.SSID)',
              'Invalid JSON schema: bad',
            ],
          });
        return jsonResponse(201, { template: { ...TEMPLATE, id: 'tpl-2' }, warnings: [] });
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderApp(['/templates']);
    await screen.findByText('No templates');
    await user.click(screen.getByRole('button', { name: 'Create Template' }));
    const dialog = screen.getByRole('dialog', { name: 'Create Template' });
    await user.type(within(dialog).getByLabelText('Name'), 'Lab Router');
    await user.type(within(dialog).getByLabelText('Vendor'), 'Acme');
    await user.type(within(dialog).getByLabelText('Model'), 'AX1');
    await user.selectOptions(within(dialog).getByLabelText('Data Model'), 'TR-098');
    await user.click(within(dialog).getByRole('button', { name: 'Add Mapping' }));
    await user.type(within(dialog).getByLabelText('Field 1'), 'ssid');
    await user.type(within(dialog).getByLabelText('Parameter 1'), 'Device.WiFi.SSID.1.SSID');
    await user.click(within(dialog).getByRole('button', { name: 'Add Mapping' }));
    await user.type(within(dialog).getByLabelText('Field 2'), 'channel');
    await user.type(within(dialog).getByLabelText('Parameter 2'), 'Device.WiFi.Radio.1.Channel');
    await user.selectOptions(within(dialog).getByLabelText('Type 2'), 'number');
    await user.type(within(dialog).getByLabelText('Default value 2'), '6');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Required 2' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add Mapping' }));
    await user.click(within(dialog).getByRole('button', { name: 'Remove mapping 3' }));
    fireEvent.change(within(dialog).getByLabelText('Schema (JSON)'), {
      target: { value: '{"type":"object","properties":{"ssid":{"type":"string"}}}' },
    });

    await user.click(within(dialog).getByRole('button', { name: 'Create Template' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Invalid template');
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Mapping entry 1 (ssid): param "x" is not a CWMP parameter path (e.g. Device.WiFi.SSID.1.SSID)',
      'Invalid JSON schema: bad',
    ]);
    expect(bodyOf(fetch.requests.find((r) => r.method === 'POST'))).toEqual({
      name: 'Lab Router',
      vendor: 'Acme',
      model: 'AX1',
      dataModel: 'TR-098',
      version: '1.0.0',
      description: '',
      mapping: [
        { field: 'ssid', param: 'Device.WiFi.SSID.1.SSID', type: 'string', required: false },
        {
          field: 'channel',
          param: 'Device.WiFi.Radio.1.Channel',
          type: 'number',
          required: true,
          defaultValue: 6,
        },
      ],
      schema: { type: 'object', properties: { ssid: { type: 'string' } } },
    });

    await user.click(within(dialog).getByRole('button', { name: 'Create Template' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('edits a template in the same dialog, filled in', async () => {
    const fetch = serve([TEMPLATE], (request) =>
      request.method === 'PUT' ? jsonResponse(200, { template: TEMPLATE, warnings: [] }) : undefined,
    );
    const user = userEvent.setup();
    renderApp(['/templates']);
    await user.click(await screen.findByRole('button', { name: `Edit ${TEMPLATE.name}` }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Template' });
    expect(within(dialog).getByLabelText('Name')).toHaveValue(TEMPLATE.name);
    expect(within(dialog).getByLabelText('Field 1')).toHaveValue('wifi_ssid');
    await user.click(within(dialog).getByRole('button', { name: 'Save Template' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const put = fetch.requests.find((r) => r.method === 'PUT');
    expect(pathOf(put!)).toBe('/api/templates/tpl-1');
    expect((bodyOf(put) as { name: string }).name).toBe(TEMPLATE.name);
  });

  it('asks before deleting and shows why the server refused', async () => {
    const fetch = serve([TEMPLATE], (request) =>
      request.method === 'DELETE'
        ? jsonResponse(409, {
            error: 'Template in use',
            message: '2 profiles use this template; delete them first, then delete the template.',
          })
        : undefined,
    );
    const user = userEvent.setup();
    renderApp(['/templates']);
    await user.click(await screen.findByRole('button', { name: `Delete ${TEMPLATE.name}` }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Template' });
    expect(dialog).toHaveTextContent(
      'Are you sure you want to delete the template "Huawei EG8145V5 Residential"? This action cannot be undone.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      '2 profiles use this template; delete them first, then delete the template.',
    );
    expect(pathOf(fetch.requests.find((r) => r.method === 'DELETE')!)).toBe('/api/templates/tpl-1');
  });

  it('exports to <name with underscores>_template.json with the bearer token', async () => {
    expect(exportFileName('Huawei EG8145V5 Residential')).toBe('Huawei_EG8145V5_Residential_template.json');
    const fetch = serve([TEMPLATE], (request) =>
      pathOf(request).endsWith('/export') ? jsonResponse(200, { name: TEMPLATE.name }) : undefined,
    );
    const created = vi.fn((_blob: Blob | MediaSource) => 'blob:export');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }));
    const downloads: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
    const user = userEvent.setup();
    renderApp(['/templates']);
    await user.click(await screen.findByRole('button', { name: `Export ${TEMPLATE.name}` }));
    await waitFor(() => expect(downloads).toEqual(['Huawei_EG8145V5_Residential_template.json']));
    const request = fetch.requests.find((r) => pathOf(r) === '/api/templates/tpl-1/export');
    expect(request?.headers.get('Authorization')).toBe('Bearer token-1');
    expect(created).toHaveBeenCalledTimes(1);
  });

  it('imports a .json file as multipart "template"; a failure shows the server message or "Import failed"', async () => {
    let answer = jsonResponse(400, {
      error: 'Invalid template file',
      message: 'The file is not valid JSON (Unexpected token). Correct the template and send it again.',
    });
    const fetch = serve([], (request) => (pathOf(request) === '/api/templates/import' ? answer : undefined));
    const user = userEvent.setup();
    renderApp(['/templates']);
    await screen.findByText('No templates');
    const input = screen.getByTestId('template-import-input');
    expect(input).toHaveAttribute('accept', '.json');
    const file = new File(['{ nope'], 'bad.json', { type: 'application/json' });
    await user.upload(input, file);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The file is not valid JSON (Unexpected token). Correct the template and send it again.',
    );
    const request = fetch.requests.find((r) => pathOf(r) === '/api/templates/import');
    expect((request?.body as FormData).get('template')).toBeInstanceOf(File);

    answer = new Response('oops', { status: 502 });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await user.upload(input, file);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(/^Import failedDismiss$/));
  });
});
