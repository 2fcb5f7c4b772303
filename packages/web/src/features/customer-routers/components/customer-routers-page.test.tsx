import { act, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch, type RecordedRequest } from '@/test/fetch-stub';
import { renderApp, resetStores, signIn } from '@/test/render-app';
import type { Device, Profile, Template } from '@provisor/server/contract';
import { BANNER_MS, useBanner } from './use-banner';

const template = (id: string, vendor: string, model: string): Template =>
  ({
    id,
    name: `T ${model}`,
    vendor,
    model,
    dataModel: 'TR-181',
    version: '1.0.0',
    mapping: [],
    schema: {},
  }) as unknown as Template;

const TEMPLATES = [
  template('t-hw', 'Huawei', 'OptiXstar'),
  template('t-eg', 'Generic', 'EG8145V5'),
  template('t-hg', 'Other', 'HG8245H'),
  template('t-zte', 'ZTE', 'F660'),
];

const profile = (id: string, surname: string, password: string, serial = ''): Profile =>
  ({
    id,
    name: `Korisnik-${surname}`,
    templateId: 't-eg',
    values: {
      wifi_ssid: `GT_${surname}`,
      wifi_password: password,
      ...(serial ? { device_serial_number: serial } : {}),
    },
    validationStatus: 'valid',
    validationErrors: [],
    version: 1,
    renderedParams: [],
    parameterCount: 0,
    changelog: null,
    createdAt: '2026-03-04T10:00:00.000Z',
    updatedAt: '2026-03-04T10:00:00.000Z',
  }) as Profile;

const device = (id: string, serialNumber: string): Device =>
  ({
    id,
    serialNumber,
    vendor: 'Huawei',
    model: 'EG8145V5',
    status: 'online',
    assignedProfileId: null,
  }) as Device;

const pathOf = (r: RecordedRequest) => new URL(r.url, 'http://console.test').pathname;
const bodyOf = (r: RecordedRequest) => JSON.parse(String(r.body)) as Record<string, unknown>;
const posts = (fetch: { requests: RecordedRequest[] }, path: string) =>
  fetch.requests.filter((r) => r.method !== 'GET' && pathOf(r) === path);

interface World {
  profiles?: Profile[];
  devices?: Device[];
  post?: (r: RecordedRequest) => Response;
}

function serve(world: World = {}) {
  return stubFetch((r) => {
    const path = pathOf(r);
    if (r.method === 'GET' && path === '/api/templates')
      return jsonResponse(200, { templates: TEMPLATES, total: 4, limit: 100, offset: 0 });
    if (r.method === 'GET' && path === '/api/profiles') {
      const search = new URL(r.url, 'http://console.test').searchParams.get('search') ?? '';
      const all = world.profiles ?? [];
      const profiles = all.filter((p) => p.name.toLowerCase().includes(search.toLowerCase()));
      return jsonResponse(200, { profiles, total: profiles.length, limit: 1000, offset: 0 });
    }
    if (r.method === 'GET' && path === '/api/devices/unassigned') {
      const devices = world.devices ?? [];
      return jsonResponse(200, { devices, total: devices.length, limit: 1000, offset: 0 });
    }
    if (world.post) return world.post(r);
    return jsonResponse(404, { error: 'Not found' });
  });
}

async function open(tab?: string) {
  const user = userEvent.setup();
  renderApp(['/customer-routers']);
  expect(
    await screen.findByRole('heading', { name: 'Customer Routers' }, { timeout: 5000 }),
  ).toBeInTheDocument();
  if (tab) await user.click(screen.getByRole('tab', { name: tab }));
  return user;
}

const banner = () => screen.findByTestId('customer-banner');

describe('Customer Routers screen', { timeout: 30_000 }, () => {
  beforeEach(() => {
    resetStores();
    signIn();
  });
  afterEach(() => vi.useRealTimers());

  it('shows the GT_ note, the four tabs, the Import CSV form, and only customer templates', async () => {
    serve();
    await open();
    expect(screen.getByText(/Wi-Fi name GT_ followed by the surname/)).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Import CSV',
      'Manual Creation',
      'Device Assignment',
      'Manage Profiles',
    ]);
    const select = screen.getByRole('combobox', { name: 'Router Template' });
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(4));
    expect(within(select).queryByText(/F660/)).toBeNull();
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Import CSV' }));
    const form = screen.getByRole('region', { name: 'Import CSV' });
    // spec §2: "required Router Template select".
    expect(within(form).getByRole('combobox', { name: 'Router Template' })).toBeVisible();
    expect(within(form).getByRole('button', { name: 'Import 0 Customers' })).toBeVisible();
    expect(within(form).getByRole('button', { name: 'Download Template' })).toBeVisible();
  });

  it('the banner clears after 5 seconds', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useBanner());
    act(() => result.current.show('success', 'Done'));
    expect(result.current.banner).toEqual({ kind: 'success', text: 'Done' });
    act(() => vi.advanceTimersByTime(BANNER_MS - 1));
    expect(result.current.banner).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.banner).toBeNull();
  });

  it('manual creation: rows, duplicate, remove, surname required, and the bulk-create payload', async () => {
    const fetch = serve({
      post: (r) => {
        const n = (bodyOf(r)['profiles'] as unknown[]).length;
        return jsonResponse(200, {
          results: Array.from({ length: n }, (_, index) => ({
            index,
            name: 'x',
            success: true,
            profileId: `p${index}`,
          })),
          created: n,
          failed: 0,
        });
      },
    });
    const user = await open();
    expect(screen.getByText('No customers added yet')).toBeInTheDocument();
    expect(screen.getByText('0 customer(s) ready to create')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Customer' }));
    await user.click(screen.getByRole('button', { name: 'Add Customer' }));
    expect(screen.getByText('2 customer(s) ready to create')).toBeInTheDocument();
    const first = screen.getByLabelText<HTMLInputElement>('Password 1').value;
    expect(first).toHaveLength(12);
    await user.click(screen.getByRole('button', { name: 'Regenerate password 1' }));
    expect(screen.getByLabelText<HTMLInputElement>('Password 1').value).not.toBe(first);

    await user.type(screen.getByLabelText('Surname 1'), 'Horvat');
    await user.click(screen.getByRole('combobox', { name: 'Router Template' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Router Template' }), 't-eg');
    await user.click(screen.getByRole('button', { name: 'Create All Profiles' }));
    expect(screen.getByText('All profiles must have a surname')).toBeInTheDocument();
    expect(posts(fetch, '/api/profiles/bulk-create')).toHaveLength(0);
    // Nothing typed is lost.
    expect(screen.getByLabelText('Surname 1')).toHaveValue('Horvat');

    await user.click(screen.getByRole('button', { name: 'Remove customer 2' }));
    await user.type(screen.getByLabelText('Serial number 1'), 'HWTC01');
    await user.click(screen.getByRole('button', { name: 'Duplicate customer 1' }));
    expect(screen.getByLabelText('Surname 2')).toHaveValue('Horvat_copy');
    await user.click(screen.getByRole('button', { name: 'Create All Profiles' }));

    expect(await banner()).toHaveTextContent('Successfully created 2 customer router profiles');
    const sent = bodyOf(posts(fetch, '/api/profiles/bulk-create')[0]!)['profiles'] as {
      name: string;
      templateId: string;
      values: Record<string, unknown>;
    }[];
    expect(
      sent.map((p) => [p.name, p.templateId, p.values['wifi_ssid'], p.values['device_serial_number']]),
    ).toEqual([
      ['Korisnik-Horvat', 't-eg', 'GT_Horvat', 'HWTC01'],
      ['Korisnik-Horvat_copy', 't-eg', 'GT_Horvat_copy', 'HWTC01'],
    ]);
    expect(sent[0]!.values['admin_password']).toBe('AdminHorvat2024!');
    expect(screen.getByText('No customers added yet')).toBeInTheDocument();
  });

  it('manual creation: a failed call says "Failed to create profiles" and keeps the rows', async () => {
    serve({ post: () => jsonResponse(500, {}) });
    const user = await open();
    await user.click(screen.getByRole('button', { name: 'Add Customer' }));
    await user.type(screen.getByLabelText('Surname 1'), 'Babic');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Router Template' }), 't-hw');
    await user.click(screen.getByRole('button', { name: 'Create All Profiles' }));
    expect(await banner()).toHaveTextContent('Failed to create profiles');
    expect(screen.getByLabelText('Surname 1')).toHaveValue('Babic');
  });

  it('device assignment: empty state', async () => {
    serve({ devices: [] });
    await open('Device Assignment');
    expect(await screen.findByText('All customer routers are assigned')).toBeInTheDocument();
  });

  it('device assignment: nothing chosen, Auto-Match by surname and serial, Assign Selected', async () => {
    const fetch = serve({
      devices: [device('d1', 'HWTCHORVAT01'), device('d2', 'HWTC0042'), device('d3', 'ZZZ')],
      profiles: [
        profile('p1', 'Horvat', 'Horvat-pass1'),
        profile('p2', 'Babic', 'Babic-pass12', 'HWTC0042'),
        { ...profile('p9', 'Other', 'x'), values: { wifi_ssid: 'Home' } },
      ],
      post: (r) => {
        const assignments = bodyOf(r)['assignments'] as { deviceId: string; profileId: string }[];
        return jsonResponse(200, {
          results: assignments.map((a) => ({ ...a, success: true, jobId: 'j' })),
          successful: assignments.length,
          failed: 0,
        });
      },
    });
    const user = await open('Device Assignment');
    await screen.findByText('HWTCHORVAT01');
    // Only GT_ profiles are offered.
    const select = screen.getByRole('combobox', { name: 'Profile for ZZZ' });
    await waitFor(() =>
      expect(
        within(select)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Select a profile', 'GT_Horvat', 'GT_Babic']),
    );
    await user.click(screen.getByRole('button', { name: 'Assign Selected' }));
    expect(await banner()).toHaveTextContent('Please select devices and assign profiles');

    await user.click(screen.getByRole('button', { name: 'Auto-Match' }));
    expect(await banner()).toHaveTextContent('Auto-matched 2 devices');
    expect(screen.getByRole('combobox', { name: 'Profile for HWTCHORVAT01' })).toHaveValue('p1');
    expect(screen.getByLabelText('Select HWTC0042')).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Assign Selected' }));
    expect(await screen.findByText('Successfully assigned 2 devices')).toBeInTheDocument();
    expect(bodyOf(posts(fetch, '/api/devices/bulk-assign')[0]!)).toEqual({
      assignments: [
        { deviceId: 'd1', profileId: 'p1' },
        { deviceId: 'd2', profileId: 'p2' },
      ],
    });
  });

  it('device assignment: no match, and a failed call', async () => {
    serve({
      devices: [device('d3', 'ZZZ')],
      profiles: [profile('p1', 'Horvat', 'Horvat-pass1')],
      post: () => jsonResponse(500, {}),
    });
    const user = await open('Device Assignment');
    await screen.findByText('ZZZ');
    await user.click(screen.getByRole('button', { name: 'Auto-Match' }));
    expect(await banner()).toHaveTextContent('No automatic matches found');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Profile for ZZZ' }), 'p1');
    await user.click(screen.getByRole('button', { name: 'Assign Selected' }));
    expect(await screen.findByText('Assignment failed')).toBeInTheDocument();
  });

  it('manage profiles: count, masked passwords, edit link, search, delete with confirmation', async () => {
    let deleteAnswer = 204;
    const fetch = serve({
      profiles: [profile('p1', 'Horvat', 'Horvat-pass1'), profile('p2', 'Babic', 'Babic-pass12')],
      post: () => jsonResponse(deleteAnswer),
    });
    const user = await open('Manage Profiles');
    expect(await screen.findByTestId('customer-total')).toHaveTextContent('2');
    const row = screen.getByTestId('customer-profile-Horvat');
    expect(within(row).getByText('Horv****')).toBeInTheDocument();
    expect(within(row).queryByText('Horvat-pass1')).toBeNull();
    expect(within(row).getByText('GT_Horvat')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Edit Horvat' })).toHaveAttribute(
      'href',
      '/profiles?edit=p1',
    );

    await user.type(screen.getByRole('searchbox', { name: 'Search customer profiles' }), 'Bab');
    await waitFor(() => expect(screen.getByTestId('customer-total')).toHaveTextContent('1'));
    await user.clear(screen.getByRole('searchbox', { name: 'Search customer profiles' }));
    await waitFor(() => expect(screen.getByTestId('customer-total')).toHaveTextContent('2'));

    await user.click(screen.getByRole('button', { name: 'Delete Horvat' }));
    expect(screen.getByText('Are you sure you want to delete Korisnik-Horvat?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(posts(fetch, '/api/profiles/p1')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Delete Horvat' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await banner()).toHaveTextContent('Profile deleted successfully');
    expect(posts(fetch, '/api/profiles/p1')[0]!.method).toBe('DELETE');

    deleteAnswer = 500;
    await user.click(screen.getByLabelText('Select Babic'));
    await user.click(screen.getByRole('button', { name: 'Delete Selected (1)' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete profile')).toBeInTheDocument();
  });
});
