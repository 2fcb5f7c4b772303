import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it } from 'vitest';
import { deferred, jsonResponse, stubFetch, type RecordedRequest } from '@/test/fetch-stub';
import { FakeWebSocket } from '@/test/fake-websocket';
import { makeDevice, NEVER_INFORMED } from '@/test/devices';
import { renderApp, resetStores, signIn } from '@/test/render-app';
import type { BulkOperation, Device } from '@provisor/server/contract';

/** A router as the picker lists it (never informed: no time, no events). */
const device = (index: number): Device => makeDevice(index, NEVER_INFORMED);

const operation = (counts: Partial<BulkOperation>): BulkOperation => ({
  id: 'op-1',
  type: 'reboot',
  createdAt: '2026-01-01T00:00:00.000Z',
  createdBy: 'alice',
  summary: 'Reboot',
  filter: null,
  total: 4,
  pending: 4,
  running: 0,
  completed: 0,
  failed: 0,
  cancelled: 0,
  ...counts,
});

const pathOf = (r: RecordedRequest) => new URL(r.url, 'http://console.test').pathname;
const bodyOf = (r: RecordedRequest) => JSON.parse(String(r.body)) as Record<string, unknown>;

/** A server with 250 matching devices, of which the first page holds 3 here; `bulk` answers the bulk calls. */
function serve(bulk: (r: RecordedRequest) => Response | Promise<Response>, operations = [operation({})]) {
  const state = { operations };
  const fetch = stubFetch((r) => {
    const path = pathOf(r);
    if (path === '/api/devices')
      return jsonResponse(200, { devices: [1, 2, 3].map(device), total: 250, limit: 100, offset: 0 });
    if (path === '/api/provisioning/jobs')
      return jsonResponse(200, { jobs: [], total: 0, limit: 20, offset: 0 });
    if (path === '/api/provisioning/operations')
      return jsonResponse(200, {
        operations: state.operations,
        total: state.operations.length,
        limit: 5,
        offset: 0,
      });
    if (path === '/api/files') return jsonResponse(200, { files: [] });
    if (path === '/api/profiles')
      return jsonResponse(200, { profiles: [], total: 0, limit: 1000, offset: 0 });
    if (r.method === 'POST') return bulk(r);
    return jsonResponse(404, { error: 'Not found', message: path });
  });
  return Object.assign(fetch, { state });
}

const bulkCalls = (fetch: ReturnType<typeof serve>) =>
  fetch.requests.filter((r) => r.method === 'POST' && pathOf(r).startsWith('/api/provisioning/'));
const count = () => screen.getByTestId('selection-count');

// Many typed keystrokes per test: room for a loaded machine (nothing here measures speed).
describe('Provisioning screen', { timeout: 30_000 }, () => {
  beforeEach(() => {
    resetStores();
    signIn();
    toast.dismiss();
  });

  it('runs nothing without a selection; "Executing..." while running; success clears the selection', async () => {
    const answer = deferred<Response>();
    const fetch = serve(() => answer.promise);
    const user = userEvent.setup();
    renderApp(['/provisioning']);
    // The first render loads the screen's module: give it time under load.
    expect(await screen.findByText('SN00001', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(count()).toHaveTextContent('0 of 250 selected');
    const execute = screen.getByRole('button', { name: 'Execute Operation' });
    expect(execute).toBeDisabled();

    await user.click(screen.getByLabelText('Select SN00002'));
    expect(count()).toHaveTextContent('1 of 250 selected');
    await user.click(screen.getByRole('tab', { name: 'Reboot' }));
    await user.click(execute);
    const running = screen.getByRole('button', { name: 'Executing...' });
    expect(running).toBeDisabled();
    expect(bodyOf(bulkCalls(fetch)[0]!)).toEqual({ deviceIds: ['dev-2'] });

    const devicesBefore = fetch.requests.filter((r) => pathOf(r) === '/api/devices').length;
    answer.resolve(jsonResponse(200, { operationId: 'op-1', results: [], created: 1, failed: 0 }));
    expect(await screen.findByText('Reboot operation started')).toBeInTheDocument();
    expect(count()).toHaveTextContent('0 of 250 selected');
    await waitFor(() =>
      expect(fetch.requests.filter((r) => pathOf(r) === '/api/devices').length).toBeGreaterThan(
        devicesBefore,
      ),
    );
  });

  it('"Select all 250 matching" sends the search and status as one filter', async () => {
    const fetch = serve(() =>
      jsonResponse(200, { operationId: 'op-2', results: [], created: 250, failed: 0 }),
    );
    const user = userEvent.setup();
    renderApp(['/provisioning']);
    await screen.findByText('SN00001');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter by status' }), 'Online');
    await user.type(screen.getByRole('searchbox', { name: 'Search devices' }), 'SN');
    await waitFor(() =>
      expect(fetch.requests.some((r) => r.url.includes('search=SN') && r.url.includes('status=online'))).toBe(
        true,
      ),
    );
    await user.click(await screen.findByLabelText('Select all'));
    expect(count()).toHaveTextContent('3 of 250 selected');
    await user.click(screen.getByRole('button', { name: 'Select all 250 matching' }));
    expect(count()).toHaveTextContent('250 of 250 selected');
    await user.click(screen.getByRole('tab', { name: 'Reboot' }));
    await user.click(screen.getByRole('button', { name: 'Execute Operation' }));
    await screen.findByText('Reboot operation started');
    expect(bulkCalls(fetch)).toHaveLength(1);
    expect(bodyOf(bulkCalls(fetch)[0]!)).toEqual({ filter: { search: 'SN', status: 'online' } });
  });

  it('a failed parameters run shows the banner and keeps the selection; a half-filled row is refused first', async () => {
    const fetch = serve(() => Promise.reject(new TypeError('Failed to fetch')));
    const user = userEvent.setup();
    renderApp(['/provisioning']);
    await user.click(await screen.findByLabelText('Select SN00001'));
    await user.type(screen.getByLabelText('Parameter name 1'), 'Device.Time.NTPServer1');
    await user.click(screen.getByRole('button', { name: 'Execute Operation' }));
    expect(
      screen.getByText('Parameter row 1 needs both a name and a value (or clear it).'),
    ).toBeInTheDocument();
    expect(bulkCalls(fetch)).toHaveLength(0);

    await user.type(screen.getByLabelText('Parameter value 1'), 'ntp.example');
    await user.click(screen.getByRole('button', { name: 'Add Parameter' }));
    await user.click(screen.getByRole('button', { name: 'Remove parameter 2' }));
    expect(screen.getByRole('button', { name: 'Remove parameter 1' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Execute Operation' }));
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('Bulk operation failed');
    expect(banner).toHaveTextContent('Please check your network connection and try again.');
    expect(count()).toHaveTextContent('1 of 250 selected');
  });

  it("a refused firmware upgrade shows no banner but the server's reason", async () => {
    serve(() =>
      jsonResponse(400, {
        error: 'Firmware URL required',
        message: 'Give firmwareUrl (an http:// or https:// URL).',
      }),
    );
    const user = userEvent.setup();
    renderApp(['/provisioning']);
    await user.click(await screen.findByLabelText('Select SN00001'));
    await user.click(screen.getByRole('tab', { name: 'Firmware' }));
    await user.click(screen.getByRole('button', { name: 'Execute Operation' }));
    expect(screen.getByText('Enter both a firmware URL and a version.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Firmware URL'), 'ftp://fw.example/image.bin');
    await user.type(screen.getByLabelText('Version'), '2.0');
    await user.click(screen.getByRole('button', { name: 'Execute Operation' }));
    expect(await screen.findByText('Firmware upgrade failed')).toBeInTheDocument();
    expect(
      screen.getByText('Firmware URL required: Give firmwareUrl (an http:// or https:// URL).'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Bulk operation failed')).toBeNull();
  });

  it("moves a bulk operation's progress bar on bulk_operation_update, without a reload", async () => {
    const fetch = serve(() => jsonResponse(500));
    renderApp(['/provisioning']);
    const group = await screen.findByTestId('operation-op-1');
    expect(within(group).getByTestId('operation-progress')).toHaveTextContent('0 of 4');
    act(() => FakeWebSocket.last.open());
    fetch.state.operations = [operation({ pending: 1, completed: 2, failed: 1 })];
    act(() =>
      FakeWebSocket.last.receive(
        JSON.stringify({ type: 'bulk_operation_update', timestamp: 't', payload: fetch.state.operations[0] }),
      ),
    );
    await waitFor(() => expect(within(group).getByTestId('operation-progress')).toHaveTextContent('3 of 4'));
    expect(within(group).getByText('2 done · 1 failed · 1 waiting')).toBeInTheDocument();
    expect(within(group).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '3');
  });
});
