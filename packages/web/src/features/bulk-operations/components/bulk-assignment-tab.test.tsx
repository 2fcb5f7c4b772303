import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch, type RecordedRequest } from '@/test/fetch-stub';
import { makeDevice, NEVER_INFORMED } from '@/test/devices';
import { renderApp, resetStores, signIn } from '@/test/render-app';
import type { Device, Profile } from '@provisor/server/contract';

/** An unassigned router with this id and serial (never informed). */
const device = (id: string, serialNumber: string): Device =>
  makeDevice(0, { ...NEVER_INFORMED, id, serialNumber });

const profile = (id: string, name: string) => ({ id, name }) as Profile;

const pathOf = (r: RecordedRequest) => new URL(r.url, 'http://console.test').pathname;
const bodyOf = (r: RecordedRequest) => JSON.parse(String(r.body)) as unknown;

const DEVICES = [device('d1', 'HWTC00001234'), device('d2', 'HWTC00005678'), device('d3', 'HWTC0000ABCD')];
const PROFILES = [
  profile('p1', 'Korisnik-Horvat 1234'),
  profile('p2', 'Office-5678'),
  profile('p3', 'Spare'),
];

function serve(assign: (r: RecordedRequest) => Response, devices = DEVICES) {
  return stubFetch((r) => {
    const path = pathOf(r);
    if (path === '/api/devices/unassigned')
      return jsonResponse(200, { devices, total: devices.length, limit: 1000, offset: 0 });
    if (path === '/api/profiles')
      return jsonResponse(200, { profiles: PROFILES, total: 3, limit: 1000, offset: 0 });
    if (path === '/api/devices/bulk-assign') return assign(r);
    return jsonResponse(404, { error: 'Not found', message: path });
  });
}

const panel = () => screen.getByRole('region', { name: 'Bulk Assignment' });

const assignCalls = (fetch: ReturnType<typeof serve>) =>
  fetch.requests.filter((r) => pathOf(r) === '/api/devices/bulk-assign');

async function openTab() {
  const user = userEvent.setup();
  renderApp(['/bulk-operations']);
  await user.click(await screen.findByRole('tab', { name: 'Bulk Assignment' }, { timeout: 5000 }));
  await screen.findByText('HWTC00001234');
  return user;
}

describe('Bulk Operations: Bulk Assignment tab', { timeout: 30_000 }, () => {
  beforeEach(() => {
    resetStores();
    signIn();
  });

  it('lists the unassigned devices, asking for 1000, with every profile in each dropdown', async () => {
    const fetch = serve(() => jsonResponse(500));
    await openTab();
    const asked = fetch.requests.find((r) => pathOf(r) === '/api/devices/unassigned')!;
    expect(new URL(asked.url, 'http://x').searchParams.get('limit')).toBe('1000');
    const select = screen.getByRole('combobox', { name: 'Profile for HWTC00005678' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select profile', 'Korisnik-Horvat 1234', 'Office-5678', 'Spare']);
  });

  it('says "Please select devices and assign profiles" and sends nothing when nothing is chosen', async () => {
    const fetch = serve(() => jsonResponse(500));
    const user = await openTab();
    await user.click(screen.getByLabelText('Select HWTC00001234'));
    await user.click(screen.getByRole('button', { name: 'Assign Selected' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please select devices and assign profiles');
    expect(assignCalls(fetch)).toHaveLength(0);
  });

  it('Auto-Match picks the profile whose name holds the serial tail; Assign sends them', async () => {
    const fetch = serve((r) => {
      const { assignments } = bodyOf(r) as { assignments: { deviceId: string; profileId: string }[] };
      return jsonResponse(200, {
        results: assignments.map((a) => ({ ...a, success: true, jobId: `job-${a.deviceId}` })),
        successful: assignments.length,
        failed: 0,
      });
    });
    const user = await openTab();
    await user.click(screen.getByRole('button', { name: 'Auto-Match' }));
    expect(await within(panel()).findByRole('status')).toHaveTextContent('Auto-matched 2 devices');
    expect(screen.getByRole('combobox', { name: 'Profile for HWTC00001234' })).toHaveValue('p1');
    expect(screen.getByRole('combobox', { name: 'Profile for HWTC00005678' })).toHaveValue('p2');
    expect(screen.getByRole('combobox', { name: 'Profile for HWTC0000ABCD' })).toHaveValue('');
    expect(screen.getByTestId('assignment-count')).toHaveTextContent('2 of 3 selected');

    await user.click(screen.getByRole('button', { name: 'Assign Selected' }));
    await waitFor(() => expect(assignCalls(fetch)).toHaveLength(1));
    expect(bodyOf(assignCalls(fetch)[0]!)).toEqual({
      assignments: [
        { deviceId: 'd1', profileId: 'p1' },
        { deviceId: 'd2', profileId: 'p2' },
      ],
    });
    expect(await within(panel()).findByRole('status')).toHaveTextContent('Successfully assigned 2 devices');
  });

  it('says "No automatic matches found" when no profile name holds any serial tail', async () => {
    serve(() => jsonResponse(500), [device('d9', 'XYZ00009999')]);
    const user = userEvent.setup();
    renderApp(['/bulk-operations']);
    await user.click(await screen.findByRole('tab', { name: 'Bulk Assignment' }, { timeout: 5000 }));
    await screen.findByText('XYZ00009999');
    await user.click(screen.getByRole('button', { name: 'Auto-Match' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No automatic matches found');
  });

  it('a refused call says "Assignment failed" with the server\'s words and keeps the choices', async () => {
    serve(() => jsonResponse(404, { error: 'Not found', message: 'Profile p3 does not exist' }));
    const user = await openTab();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Profile for HWTC0000ABCD' }), 'p3');
    await user.click(screen.getByRole('button', { name: 'Assign Selected' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Assignment failed');
    expect(alert).toHaveTextContent('Not found: Profile p3 does not exist');
    expect(screen.getByRole('combobox', { name: 'Profile for HWTC0000ABCD' })).toHaveValue('p3');
    expect(screen.getByLabelText('Select HWTC0000ABCD')).toBeChecked();
  });

  it('a partly refused assignment names each refused device by serial', async () => {
    serve(() =>
      jsonResponse(200, {
        results: [
          { deviceId: 'd1', profileId: 'p1', success: true, jobId: 'j1' },
          { deviceId: 'd2', profileId: 'p2', success: false, error: 'Conflict: device is busy' },
        ],
        successful: 1,
        failed: 1,
      }),
    );
    const user = await openTab();
    await user.click(screen.getByRole('button', { name: 'Auto-Match' }));
    await user.click(screen.getByRole('button', { name: 'Assign Selected' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Assignment failed');
    expect(alert).toHaveTextContent('Successfully assigned 1 devices');
    expect(alert).toHaveTextContent('HWTC00005678: Conflict: device is busy');
  });
});
