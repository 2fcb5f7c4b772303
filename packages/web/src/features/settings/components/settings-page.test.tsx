import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch, type RecordedRequest } from '@/test/fetch-stub';
import { renderApp, resetStores, signIn } from '@/test/render-app';
import { UI_SETTINGS_DEFAULTS, useUiSettingsStore } from '@/stores/ui-settings-store';
import { SETTINGS } from '../test/fixtures';

const pathOf = (request: RecordedRequest) => new URL(request.url, 'http://console.test').pathname;
const bodyOf = (request: RecordedRequest) => JSON.parse(String(request.body)) as Record<string, unknown>;

type Handler = (request: RecordedRequest) => Response | Promise<Response>;

function serve(routes: Record<string, Handler>) {
  return stubFetch((request) => {
    const handler = routes[`${request.method} ${pathOf(request)}`];
    return handler ? handler(request) : jsonResponse(404, { error: 'Not Found' });
  });
}

const saved =
  (requiresRestart = false) =>
  () =>
    jsonResponse(200, { requiresRestart, settings: SETTINGS });

describe('Settings screen', () => {
  beforeEach(() => {
    resetStores();
    signIn();
  });
  afterEach(() => useUiSettingsStore.setState({ ...UI_SETTINGS_DEFAULTS }));

  it('shows the four tabs with the server settings and never a password', async () => {
    serve({ 'GET /api/settings': () => jsonResponse(200, SETTINGS) });
    const user = userEvent.setup();
    renderApp(['/settings']);

    expect(await screen.findByRole('button', { name: 'Save Settings' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Server',
      'CWMP/TR-069',
      'Database',
      'UI Settings',
    ]);
    expect(screen.getByLabelText('Port')).toHaveValue('3029');
    await user.click(screen.getByRole('tab', { name: 'CWMP/TR-069' }));
    expect(screen.getByLabelText('CWMP Password')).toHaveValue('');
    expect(screen.getByText(/A password is set/)).toBeInTheDocument();
    expect(screen.queryByText(/not implemented/i)).toBeNull();
  });

  it('shows a spinner, then the load failure with Retry', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let up = false;
    serve({
      'GET /api/settings': () =>
        up ? jsonResponse(200, SETTINGS) : jsonResponse(500, { error: 'Internal Server Error' }),
    });
    const user = userEvent.setup();
    renderApp(['/settings']);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load settings');
    expect(alert).toHaveTextContent('Please check if the server is running and try again.');
    up = true;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'Save Settings' })).toBeInTheDocument();
  });

  it('lets an admin reach Users and API Tokens when the settings fail to load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    serve({
      'GET /api/auth/me': () =>
        jsonResponse(200, { username: 'root', role: 'admin', kind: 'user', tokenName: null }),
      'GET /api/settings': () => jsonResponse(500, { error: 'Internal Server Error' }),
      'GET /api/users': () => jsonResponse(200, { users: [] }),
    });
    const user = userEvent.setup();
    renderApp(['/settings']);

    expect(await screen.findByText('Failed to load settings')).toBeInTheDocument();
    await user.click(await screen.findByRole('tab', { name: 'Users' }));
    expect(await screen.findByRole('form', { name: 'Add user' })).toBeInTheDocument();
    expect(screen.queryByText('Failed to load settings')).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'Server' }));
    expect(await screen.findByText('Failed to load settings')).toBeInTheDocument();
  });

  it('saves, shows "Settings saved successfully" and the restart note for 3 seconds, and sends no empty password', async () => {
    const fetch = serve({
      'GET /api/settings': () => jsonResponse(200, SETTINGS),
      'PUT /api/settings': saved(true),
    });
    const user = userEvent.setup();
    renderApp(['/settings']);
    await user.clear(await screen.findByLabelText('Port'));
    await user.type(screen.getByLabelText('Port'), '8080');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));

    expect(await screen.findByText('Settings saved successfully')).toBeInTheDocument();
    expect(screen.getByText('Some changes require server restart to take effect')).toBeInTheDocument();
    const put = fetch.requests.find((r) => r.method === 'PUT')!;
    const body = bodyOf(put) as { server: { port: number }; cwmp: Record<string, unknown> };
    expect(body.server.port).toBe(8080);
    expect(body.cwmp).not.toHaveProperty('password');

    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(screen.queryByText('Settings saved successfully')).toBeNull();
    expect(screen.queryByText('Some changes require server restart to take effect')).toBeNull();
  });

  it('shows "Failed to save settings" and the server\'s message, keeping what was typed', async () => {
    serve({
      'GET /api/settings': () => jsonResponse(200, SETTINGS),
      'PUT /api/settings': () =>
        jsonResponse(400, {
          error: 'Bad Request',
          message: 'Invalid request: body/server/host must be a host name',
        }),
    });
    const user = userEvent.setup();
    renderApp(['/settings']);
    await user.clear(await screen.findByLabelText('Host'));
    await user.type(screen.getByLabelText('Host'), 'bad host');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));

    expect(await screen.findByText('Failed to save settings')).toBeInTheDocument();
    expect(screen.getByText(/body\/server\/host must be a host name/)).toBeInTheDocument();
    expect(screen.getByLabelText('Host')).toHaveValue('bad host');
  });

  it('refuses an out-of-range refresh interval with a message naming the field, keeping the input', async () => {
    const fetch = serve({
      'GET /api/settings': () => jsonResponse(200, SETTINGS),
      'PUT /api/settings': saved(),
    });
    const user = userEvent.setup();
    renderApp(['/settings']);
    await user.click(await screen.findByRole('tab', { name: 'UI Settings' }));
    await user.clear(screen.getByLabelText('Refresh Interval (seconds)'));
    await user.type(screen.getByLabelText('Refresh Interval (seconds)'), '3');
    await user.click(screen.getByRole('tab', { name: 'Server' }));
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));

    // The first bad field's tab opens.
    expect(screen.getByRole('tab', { name: 'UI Settings' })).toHaveAttribute('aria-selected', 'true');
    expect(
      screen.getAllByText('Refresh Interval (seconds) must be a whole number from 5 to 300.').length,
    ).toBeGreaterThan(0);
    expect(screen.getByLabelText('Refresh Interval (seconds)')).toHaveValue('3');
    expect(screen.getByLabelText('Refresh Interval (seconds)')).toHaveAttribute('aria-invalid', 'true');
    expect(fetch.requests.filter((r) => r.method === 'PUT')).toHaveLength(0);
    expect(useUiSettingsStore.getState().refreshInterval).toBe(30);
  });

  it('names the server field out of its contract range', async () => {
    serve({ 'GET /api/settings': () => jsonResponse(200, SETTINGS) });
    const user = userEvent.setup();
    renderApp(['/settings']);
    await user.clear(await screen.findByLabelText('Max Connections'));
    await user.type(screen.getByLabelText('Max Connections'), '0');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(
      screen.getAllByText('Max Connections must be a whole number from 1 to 1000000.').length,
    ).toBeGreaterThan(0);
  });

  it('keeps the UI settings in the browser under ui-settings', async () => {
    serve({ 'GET /api/settings': () => jsonResponse(200, SETTINGS), 'PUT /api/settings': saved() });
    const user = userEvent.setup();
    renderApp(['/settings']);
    await user.click(await screen.findByRole('tab', { name: 'UI Settings' }));
    await user.clear(screen.getByLabelText('Refresh Interval (seconds)'));
    await user.type(screen.getByLabelText('Refresh Interval (seconds)'), '10');
    await user.selectOptions(screen.getByLabelText('Theme'), 'dark');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));

    await screen.findByText('Settings saved successfully');
    expect(JSON.parse(localStorage.getItem('ui-settings')!).state).toMatchObject({
      refreshInterval: 10,
      theme: 'dark',
    });
  });

  it('shows PostgreSQL read-only, with the note that DATABASE_URL chooses it', async () => {
    serve({
      'GET /api/settings': () =>
        jsonResponse(200, { ...SETTINGS, database: { ...SETTINGS.database, type: 'postgres' } }),
      'GET /api/settings/backups': () => jsonResponse(200, { available: false, directory: '', backups: [] }),
    });
    const user = userEvent.setup();
    renderApp(['/settings']);
    await user.click(await screen.findByRole('tab', { name: 'Database' }));
    expect(screen.getByLabelText('Database Type')).toBeDisabled();
    expect(screen.getByLabelText('Database Type')).toHaveValue('postgres');
    expect(screen.getByLabelText('Database Path')).toBeDisabled();
    expect(screen.getByText(/DATABASE_URL chooses the database/)).toBeInTheDocument();
  });

  it('lists the backups and runs a section test, showing what the server found', async () => {
    const fetch = serve({
      'GET /api/settings': () => jsonResponse(200, SETTINGS),
      'GET /api/settings/backups': () =>
        jsonResponse(200, {
          available: true,
          directory: 'data/backups',
          backups: [
            { name: 'provisor-2026-11-23.db', sizeBytes: 2_097_152, createdAt: '2026-11-23T10:00:00Z' },
          ],
        }),
      'POST /api/settings/test': () =>
        jsonResponse(200, { success: true, message: 'The sqlite database answers.' }),
    });
    const user = userEvent.setup();
    renderApp(['/settings']);
    await user.click(await screen.findByRole('tab', { name: 'Database' }));
    expect(await screen.findByText('provisor-2026-11-23.db')).toBeInTheDocument();
    expect(screen.getByText('2.0 MB')).toBeInTheDocument();
    // spec §2: only sqlite is offered; MySQL and PostgreSQL are there, disabled.
    const type = screen.getByLabelText('Database Type');
    expect(type).toHaveValue('sqlite');
    expect(
      within(type)
        .getAllByRole('option')
        .map((o) => [o.textContent, (o as HTMLOptionElement).disabled]),
    ).toEqual([
      ['SQLite (embedded, default)', false],
      ['MySQL', true],
      ['PostgreSQL', true],
    ]);

    await user.click(screen.getByRole('button', { name: 'Test' }));
    expect(await screen.findByTestId('test-result-database')).toHaveTextContent(
      'Test passed: The sqlite database answers.',
    );
    expect(bodyOf(fetch.requests.find((r) => r.method === 'POST')!)).toEqual({ type: 'database' });
  });

  it('asks for a device before a connection request test, then sends it', async () => {
    const fetch = serve({
      'GET /api/settings': () => jsonResponse(200, SETTINGS),
      'POST /api/settings/test': () =>
        jsonResponse(200, { success: false, message: 'The device did not answer.' }),
    });
    const user = userEvent.setup();
    renderApp(['/settings']);
    await user.click(await screen.findByRole('tab', { name: 'CWMP/TR-069' }));
    const [, crTest] = screen.getAllByRole('button', { name: 'Test' });
    await user.click(crTest!);
    expect(screen.getByTestId('test-result-connectionRequest')).toHaveTextContent(
      'Type the serial number (or the ID) of the device',
    );
    expect(fetch.requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    await user.type(screen.getByLabelText('Device for the test (serial number or ID)'), 'dev-1');
    await user.click(crTest!);
    await waitFor(() =>
      expect(screen.getByTestId('test-result-connectionRequest')).toHaveTextContent(
        'Test failed: The device did not answer.',
      ),
    );
    expect(bodyOf(fetch.requests.find((r) => r.method === 'POST')!)).toEqual({
      type: 'connectionRequest',
      deviceId: 'dev-1',
    });
  });

  it("says why a test could not run in the server's own sentence, with one full stop", async () => {
    serve({
      'GET /api/settings': () => jsonResponse(200, SETTINGS),
      'POST /api/settings/test': () =>
        jsonResponse(404, {
          error: 'Device not found',
          message:
            'No device has the serial number or id "X"; copy the serial number from the Devices screen.',
        }),
    });
    const user = userEvent.setup();
    renderApp(['/settings']);
    await user.click(await screen.findByRole('tab', { name: 'CWMP/TR-069' }));
    await user.type(screen.getByLabelText('Device for the test (serial number or ID)'), 'X');
    const [, crTest] = screen.getAllByRole('button', { name: 'Test' });
    await user.click(crTest!);
    await waitFor(() =>
      expect(screen.getByTestId('test-result-connectionRequest').textContent).toBe(
        'The test could not run: Device not found: No device has the serial number or id "X"; copy the serial number from the Devices screen.',
      ),
    );
  });
});
