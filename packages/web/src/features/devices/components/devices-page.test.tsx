import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch, type FetchHandler } from '@/test/fetch-stub';
import { renderApp, resetStores, signIn } from '@/test/render-app';
import { cursorListAnswer, listAnswer, makeDevice, parse, STATS } from '../test/fixtures';
import type { Device } from '@provisor/server/contract';

const DEVICES: Device[] = Array.from({ length: 250 }, (_, index) => makeDevice(index + 1));

/** Answers /api/stats and /api/devices from `devices`; `extra` handles anything else first. */
function serve(devices: Device[], extra?: FetchHandler) {
  return stubFetch(async (request) => {
    const answer = await extra?.(request);
    if (answer) return answer;
    const { path } = parse(request);
    if (path === '/api/stats') return jsonResponse(200, { ...STATS, totalDevices: devices.length });
    if (path === '/api/devices') return listAnswer(devices, request);
    return jsonResponse(404, { error: 'Not Found', message: `no stub for ${path}` });
  });
}

const listRequests = (fetch: ReturnType<typeof stubFetch>) =>
  fetch.requests
    .filter((request) => parse(request).path === '/api/devices')
    .map((request) => parse(request).query);

async function openMenuItem(serial: string, item: string) {
  const user = userEvent.setup({ applyAccept: false });
  await user.click(await screen.findByRole('button', { name: `Actions for ${serial}` }));
  await user.click(screen.getByRole('menuitem', { name: item }));
  return user;
}

describe('Devices screen', () => {
  beforeEach(() => {
    resetStores();
    signIn();
    toast.dismiss(); // sonner replays still-active toasts to a new Toaster
  });

  it('shows the heading, the first 100 devices of the page and whole-inventory counts', async () => {
    const fetch = serve(DEVICES.map((d, i) => (i === 0 ? { ...d, assignedProfileId: 'profile-1' } : d)));
    renderApp(['/devices']);

    expect(await screen.findByRole('heading', { name: 'Devices' })).toBeInTheDocument();
    expect(screen.getByText('Manage and monitor your TR-069 CPE devices')).toBeInTheDocument();
    const row = await screen.findByTestId('device-row-SN00001');
    expect(within(row).getByText('SN00001')).toBeInTheDocument();
    expect(within(row).getByText('EG8145V5')).toBeInTheDocument();
    expect(within(row).getByText('00259E')).toBeInTheDocument();
    expect(within(row).getByText('V5R020C10S115')).toBeInTheDocument();
    expect(within(row).getByText('5m ago')).toBeInTheDocument();
    expect(within(row).getByText('Online')).toBeInTheDocument();
    expect(within(row).getByText('Profile Assigned')).toBeInTheDocument();
    expect(within(screen.getByTestId('device-row-SN00002')).queryByText('Profile Assigned')).toBeNull();
    expect(screen.getAllByTestId(/^device-row-/)).toHaveLength(100);
    expect(screen.getByText('Last seen')).toBeInTheDocument();

    await waitFor(() => expect(screen.getByTestId('devices-count-total')).toHaveTextContent('250'));
    expect(screen.getByTestId('devices-count-online')).toHaveTextContent('200');
    expect(screen.getByTestId('devices-count-provisioning')).toHaveTextContent('7');
    expect(screen.getByTestId('devices-count-errors')).toHaveTextContent('3');
    expect(listRequests(fetch)[0]?.toString()).toBe('limit=100&offset=0');
  });

  it('searches on the server after the typing stops', async () => {
    const fetch = serve(DEVICES);
    const user = userEvent.setup();
    renderApp(['/devices']);
    await screen.findByTestId('device-row-SN00001');

    await user.type(
      screen.getByPlaceholderText('Search devices by serial number, model, or OUI...'),
      'SN0012',
    );

    await waitFor(() => expect(listRequests(fetch).at(-1)?.get('search')).toBe('SN0012'));
    const searches = listRequests(fetch)
      .map((query) => query.get('search'))
      .filter(Boolean);
    expect(searches).toEqual(['SN0012']); // debounced: no request per keystroke
    expect(listRequests(fetch).at(-1)?.get('offset')).toBe('0');
  });

  it('keeps a status chosen while the search typed just before is still settling', async () => {
    const fetch = serve(DEVICES);
    const user = userEvent.setup();
    renderApp(['/devices']);
    await screen.findByTestId('device-row-SN00001');

    await user.type(screen.getByPlaceholderText('Search devices by serial number, model, or OUI...'), 'SN');
    // Within the search's wait: the search lands after the status, and must not take it back.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter by status' }), 'Error');

    await waitFor(() => expect(listRequests(fetch).at(-1)?.get('search')).toBe('SN'));
    expect(listRequests(fetch).at(-1)?.get('status')).toBe('error');
    expect(screen.getByRole('combobox', { name: 'Filter by status' })).toHaveValue('error');
  });

  it('filters by status on the server', async () => {
    const fetch = serve(DEVICES);
    const user = userEvent.setup();
    renderApp(['/devices']);
    await screen.findByTestId('device-row-SN00001');
    const select = screen.getByRole('combobox', { name: 'Filter by status' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All Status', 'Online', 'Offline', 'Provisioning', 'Error']);

    await user.selectOptions(select, 'Provisioning');

    await waitFor(() => expect(listRequests(fetch).at(-1)?.get('status')).toBe('provisioning'));
  });

  it('pages past the first 100 on the server', async () => {
    const fetch = serve(DEVICES);
    const user = userEvent.setup();
    renderApp(['/devices']);
    expect(await screen.findByText('Showing 1 to 100 of 250 devices')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByText('Showing 101 to 200 of 250 devices')).toBeInTheDocument();
    expect(listRequests(fetch).at(-1)?.get('offset')).toBe('100');
    expect(await screen.findByTestId('device-row-SN00101')).toBeInTheDocument();
    expect(screen.queryByTestId('device-row-SN00001')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 201 to 250 of 250 devices')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('pages by the answer cursors when it has them, numbering the rows as by offset', async () => {
    const fetch = stubFetch((request) => {
      const { path } = parse(request);
      if (path === '/api/devices') return cursorListAnswer(DEVICES, request);
      return jsonResponse(200, { ...STATS, totalDevices: DEVICES.length });
    });
    const user = userEvent.setup();
    renderApp(['/devices']);
    expect(await screen.findByText('Showing 1 to 100 of 250 devices')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 101 to 200 of 250 devices')).toBeInTheDocument();
    expect(listRequests(fetch).at(-1)?.toString()).toBe('limit=100&after=c%3ASN00100');
    expect(await screen.findByTestId('device-row-SN00101')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 201 to 250 of 250 devices')).toBeInTheDocument();
    expect(listRequests(fetch).at(-1)?.get('after')).toBe('c:SN00200');
    expect(await screen.findByTestId('device-row-SN00250')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('Showing 101 to 200 of 250 devices')).toBeInTheDocument();
    expect(listRequests(fetch).at(-1)?.toString()).toBe('limit=100&before=c%3ASN00201');
    expect(await screen.findByTestId('device-row-SN00101')).toBeInTheDocument();

    // Back to the start: the first page as every filter change asks for it.
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('Showing 1 to 100 of 250 devices')).toBeInTheDocument();
    expect(listRequests(fetch).at(-1)?.toString()).toBe('limit=100&offset=0');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    // A filter change from a deep page starts again from the first page.
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 101 to 200 of 250 devices')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter by status' }), 'Error');
    await waitFor(() =>
      expect(listRequests(fetch).at(-1)?.toString()).toBe('status=error&limit=100&offset=0'),
    );
  });

  it('invites registering the first device when the inventory is empty', async () => {
    serve([]);
    const user = userEvent.setup();
    renderApp(['/devices']);

    expect(await screen.findByText('No devices found')).toBeInTheDocument();
    expect(screen.getByText('Get started by registering your first CPE device.')).toBeInTheDocument();
    expect(screen.queryByText('Try adjusting your search or filter criteria.')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Register First Device' }));
    expect(screen.getByRole('dialog', { name: 'Register New Device' })).toBeInTheDocument();
  });

  it('suggests changing the criteria when a filter finds nothing', async () => {
    serve([]);
    renderApp(['/devices?status=error']);

    expect(await screen.findByText('No devices found')).toBeInTheDocument();
    expect(screen.getByText('Try adjusting your search or filter criteria.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Register First Device' })).toBeNull();
  });

  it('says so when the list cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubFetch(() => jsonResponse(500, { error: 'Internal Server Error', message: 'x' }));
    renderApp(['/devices']);

    expect(await screen.findByText('Failed to load devices')).toBeInTheDocument();
    expect(screen.getByText('Unable to fetch device list from the server.')).toBeInTheDocument();
  });

  describe('Register New Device', () => {
    async function openDialog() {
      const user = userEvent.setup();
      await user.click(screen.getByRole('button', { name: 'Register Device' }));
      return { user, dialog: screen.getByRole('dialog', { name: 'Register New Device' }) };
    }

    it('requires serial number, OUI, product class and connection request URL', async () => {
      const fetch = serve(DEVICES);
      renderApp(['/devices']);
      const { user, dialog } = await openDialog();

      await user.click(within(dialog).getByRole('button', { name: 'Register Device' }));

      expect(within(dialog).getByText('Serial number is required')).toBeInTheDocument();
      expect(within(dialog).getByText('OUI is required')).toBeInTheDocument();
      expect(within(dialog).getByText('Product class is required')).toBeInTheDocument();
      expect(within(dialog).getByText('Connection request URL is required')).toBeInTheDocument();
      expect(fetch.requests.some((request) => parse(request).path === '/api/devices/register')).toBe(false);
    });

    it('limits the OUI to 6 characters and wants a valid URL', async () => {
      const fetch = serve(DEVICES);
      renderApp(['/devices']);
      const { user, dialog } = await openDialog();

      await user.type(within(dialog).getByLabelText('Serial Number'), 'SN-NEW');
      await user.type(within(dialog).getByLabelText('OUI'), '00259E1');
      await user.type(within(dialog).getByLabelText('Product Class'), 'EG8145V5');
      await user.type(within(dialog).getByLabelText('Connection Request URL'), 'not a url');
      await user.click(within(dialog).getByRole('button', { name: 'Register Device' }));

      expect(within(dialog).getByText('OUI must be at most 6 characters')).toBeInTheDocument();
      expect(within(dialog).getByText('Connection request URL must be a valid URL')).toBeInTheDocument();
      expect(within(dialog).queryByText('Serial number is required')).toBeNull();
      expect(fetch.requests.some((request) => parse(request).path === '/api/devices/register')).toBe(false);
    });

    it('wants the OUI as 6 hex digits, before asking the server', async () => {
      const fetch = serve(DEVICES);
      renderApp(['/devices']);
      const { user, dialog } = await openDialog();

      await user.type(within(dialog).getByLabelText('Serial Number'), 'SN-NEW');
      await user.type(within(dialog).getByLabelText('Product Class'), 'EG8145V5');
      await user.type(within(dialog).getByLabelText('Connection Request URL'), 'http://192.0.2.10:7547/');
      for (const oui of ['ZZZZZZ', '0025']) {
        await user.clear(within(dialog).getByLabelText('OUI'));
        await user.type(within(dialog).getByLabelText('OUI'), oui);
        await user.click(within(dialog).getByRole('button', { name: 'Register Device' }));
        expect(
          within(dialog).getByText('OUI must be 6 hex digits (0-9, A-F), e.g. 00259E'),
        ).toBeInTheDocument();
        // What was typed stays.
        expect(within(dialog).getByLabelText('OUI')).toHaveValue(oui);
      }
      expect(fetch.requests.some((request) => parse(request).path === '/api/devices/register')).toBe(false);
    });

    it('shows the spec note only when the server has no registration (404, 501)', async () => {
      for (const status of [404, 501]) {
        serve(DEVICES, (request) =>
          parse(request).path === '/api/devices/register'
            ? jsonResponse(status, {
                error: 'Not Found',
                message: 'Route POST:/api/devices/register not found',
              })
            : undefined!,
        );
        const view = renderApp(['/devices']);
        const { user, dialog } = await openDialog();
        await user.type(within(dialog).getByLabelText('Serial Number'), 'SN-NEW');
        await user.type(within(dialog).getByLabelText('OUI'), '00259E');
        await user.type(within(dialog).getByLabelText('Product Class'), 'EG8145V5');
        await user.type(within(dialog).getByLabelText('Connection Request URL'), 'http://192.0.2.1:7547/');
        await user.click(within(dialog).getByRole('button', { name: 'Register Device' }));
        const alert = await within(dialog).findByRole('alert');
        expect(alert).toHaveTextContent('Failed to register device');
        expect(alert).toHaveTextContent('Device registration is not yet implemented on the backend');
        view.unmount();
      }
    });

    it('shows "Failed to register device" with the server message, without the note, when registration fails', async () => {
      const fetch = serve(DEVICES, (request) =>
        parse(request).path === '/api/devices/register'
          ? jsonResponse(409, { error: 'Device already exists', message: 'SN-NEW is already registered.' })
          : undefined!,
      );
      renderApp(['/devices']);
      const { user, dialog } = await openDialog();

      await user.type(within(dialog).getByLabelText('Serial Number'), 'SN-NEW');
      await user.type(within(dialog).getByLabelText('OUI'), '00259E');
      await user.type(within(dialog).getByLabelText('Product Class'), 'EG8145V5');
      await user.type(within(dialog).getByLabelText('Connection Request URL'), 'http://192.0.2.1:7547/');
      await user.type(within(dialog).getByLabelText('Connection Request Username'), 'cr-user');
      await user.click(within(dialog).getByRole('button', { name: 'Register Device' }));

      const alert = await within(dialog).findByRole('alert');
      expect(alert).toHaveTextContent('Failed to register device');
      // Registration exists: the spec's note for a server without it would not be true here.
      expect(alert).not.toHaveTextContent('not yet implemented');
      expect(alert).toHaveTextContent('Device already exists: SN-NEW is already registered.');
      const register = fetch.requests.find((request) => parse(request).path === '/api/devices/register');
      expect(JSON.parse(String(register?.body))).toEqual({
        serialNumber: 'SN-NEW',
        oui: '00259E',
        productClass: 'EG8145V5',
        connectionRequestUrl: 'http://192.0.2.1:7547/',
        connectionRequestUsername: 'cr-user',
      });
    });
  });

  describe('row actions', () => {
    it('offers every action of the spec in the row menu', async () => {
      serve(DEVICES);
      renderApp(['/devices']);
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Actions for SN00002' }));
      expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
        'View details',
        'Reboot',
        'Factory Reset',
        'Upload File',
        'Download File',
        'Backup Configuration',
        'Restore Configuration',
        'Test Connection',
      ]);
      expect(screen.getByRole('menuitem', { name: 'View details' })).toHaveAttribute(
        'href',
        '/devices/dev-2',
      );
    });

    it('asks before a factory reset', async () => {
      const fetch = serve(DEVICES, (request) =>
        parse(request).path === '/api/devices/dev-1/factory-reset'
          ? jsonResponse(200, {
              success: true,
              job: { id: 'job-1', deviceId: 'dev-1', type: 'factory-reset', status: 'pending', error: null },
            })
          : undefined!,
      );
      renderApp(['/devices']);
      const user = await openMenuItem('SN00001', 'Factory Reset');

      const dialog = screen.getByRole('dialog', { name: 'Factory Reset' });
      expect(dialog).toHaveTextContent('Factory reset SN00001? The device loses its configuration.');
      expect(fetch.requests.some((request) => request.url.includes('factory-reset'))).toBe(false);

      await user.click(within(dialog).getByRole('button', { name: 'Reset Device' }));

      expect(await screen.findByText('Factory reset scheduled')).toBeInTheDocument();
      expect(fetch.requests.filter((request) => request.url.includes('factory-reset'))).toHaveLength(1);
      expect(screen.queryByRole('dialog')).toBeNull();
    });

    it('refuses to restore a file that is neither .xml nor .json', async () => {
      const fetch = serve(DEVICES);
      renderApp(['/devices']);
      const user = await openMenuItem('SN00001', 'Restore Configuration');
      const dialog = screen.getByRole('dialog', { name: 'Restore Configuration' });
      const input = within(dialog).getByLabelText('Configuration File');
      expect(input).toHaveAttribute('accept', '.xml,.json');

      await user.upload(input, new File(['x'], 'backup.txt', { type: 'text/plain' }));
      await user.click(within(dialog).getByRole('button', { name: 'Restore' }));

      expect(
        within(dialog).getByText(/Only \.xml and \.json configuration files can be restored/),
      ).toBeInTheDocument();
      expect(fetch.requests.some((request) => request.url.includes('restore-config'))).toBe(false);
    });

    it('sends a .json configuration as configFile', async () => {
      const fetch = serve(DEVICES, (request) =>
        parse(request).path === '/api/devices/dev-1/restore-config'
          ? jsonResponse(200, {
              success: true,
              job: { id: 'job-2', deviceId: 'dev-1', type: 'restore-config', status: 'pending', error: null },
            })
          : undefined!,
      );
      renderApp(['/devices']);
      const user = await openMenuItem('SN00001', 'Restore Configuration');
      const dialog = screen.getByRole('dialog', { name: 'Restore Configuration' });

      await user.upload(within(dialog).getByLabelText('Configuration File'), new File(['{}'], 'cfg.json'));
      await user.click(within(dialog).getByRole('button', { name: 'Restore' }));

      expect(await screen.findByText('Restore scheduled')).toBeInTheDocument();
      const sent = fetch.requests.find((request) => request.url.includes('restore-config'))?.body as FormData;
      expect((sent.get('configFile') as File).name).toBe('cfg.json');
    });

    it('needs a file and a target path to upload, and a path to download', async () => {
      const fetch = serve(DEVICES);
      renderApp(['/devices']);
      const user = await openMenuItem('SN00001', 'Upload File');
      const upload = screen.getByRole('dialog', { name: 'Upload File' });
      await user.click(within(upload).getByRole('button', { name: 'Upload' }));
      expect(within(upload).getByText('File is required')).toBeInTheDocument();
      expect(within(upload).getByText('Target path is required')).toBeInTheDocument();
      await user.click(within(upload).getByRole('button', { name: 'Cancel' }));

      await user.click(screen.getByRole('button', { name: 'Actions for SN00001' }));
      await user.click(screen.getByRole('menuitem', { name: 'Download File' }));
      const download = screen.getByRole('dialog', { name: 'Download File' });
      await user.click(within(download).getByRole('button', { name: 'Download' }));
      expect(within(download).getByText('File path is required')).toBeInTheDocument();
      expect(fetch.requests.some((request) => parse(request).method === 'POST')).toBe(false);
    });

    it('sends the FileType chosen with an upload and a download (defaults: 2 Web Content, 2 Vendor Log File)', async () => {
      const job = (type: string) =>
        jsonResponse(200, {
          success: true,
          job: { id: `job-${type}`, deviceId: 'dev-1', type, status: 'pending', error: null },
        });
      const fetch = serve(DEVICES, (request) => {
        const { path } = parse(request);
        if (path === '/api/devices/dev-1/upload-file') return job('download-file');
        if (path === '/api/devices/dev-1/download-file') return job('upload-file');
        return undefined!;
      });
      renderApp(['/devices']);
      const user = await openMenuItem('SN00001', 'Upload File');
      const upload = screen.getByRole('dialog', { name: 'Upload File' });
      expect(within(upload).getByLabelText('File Type')).toHaveValue('2 Web Content');
      await user.upload(within(upload).getByLabelText('File'), new File(['RIFF'], 'ring.wav'));
      await user.type(within(upload).getByLabelText('Target Path'), '/voice/ring.wav');
      await user.selectOptions(within(upload).getByLabelText('File Type'), '5 Ringer File');
      await user.click(within(upload).getByRole('button', { name: 'Upload' }));
      expect(await screen.findByText('Upload scheduled')).toBeInTheDocument();
      const sent = fetch.requests.find((request) => request.url.includes('upload-file'))?.body as FormData;
      expect([sent.get('targetPath'), sent.get('fileType')]).toEqual(['/voice/ring.wav', '5 Ringer File']);

      await user.click(screen.getByRole('button', { name: 'Actions for SN00001' }));
      await user.click(screen.getByRole('menuitem', { name: 'Download File' }));
      const download = screen.getByRole('dialog', { name: 'Download File' });
      expect(within(download).getByLabelText('File Type')).toHaveValue('2 Vendor Log File');
      await user.type(within(download).getByLabelText('File Path'), '/var/log/messages');
      await user.click(within(download).getByRole('button', { name: 'Download' }));
      expect(await screen.findByText('Download scheduled')).toBeInTheDocument();
      const asked = fetch.requests.find((request) => request.url.includes('download-file'));
      expect(JSON.parse(String(asked?.body))).toEqual({
        filePath: '/var/log/messages',
        fileType: '2 Vendor Log File',
      });
    });

    it('toasts "Connection test successful" when the device answers', async () => {
      const fetch = serve(DEVICES, (request) =>
        parse(request).path === '/api/devices/dev-1/test-connection'
          ? jsonResponse(200, {
              success: true,
              outcome: 'reachable',
              status: 204,
              durationMs: 12,
              message: 'The device answered 204.',
            })
          : undefined!,
      );
      renderApp(['/devices']);
      await openMenuItem('SN00001', 'Test Connection');

      expect(await screen.findByText('Connection test successful')).toBeInTheDocument();
      expect(fetch.requests.find((request) => request.url.endsWith('/test-connection'))?.method).toBe('POST');
    });

    it("shows the server's message when the connection test fails", async () => {
      serve(DEVICES, (request) =>
        parse(request).path === '/api/devices/dev-1/test-connection'
          ? jsonResponse(200, {
              success: false,
              outcome: 'timeout',
              durationMs: 5000,
              message: 'No answer within 5 s.',
            })
          : undefined!,
      );
      renderApp(['/devices']);
      await openMenuItem('SN00001', 'Test Connection');

      expect(await screen.findByText('No answer within 5 s.')).toBeInTheDocument();
      expect(screen.queryByText('Connection test successful')).toBeNull();
    });

    it('toasts "Failed to reboot device" when the reboot is refused', async () => {
      const fetch = serve(DEVICES, (request) =>
        parse(request).path === '/api/devices/dev-1/reboot'
          ? jsonResponse(404, { error: 'Device not found', message: 'No device has id dev-1.' })
          : undefined!,
      );
      renderApp(['/devices']);
      await openMenuItem('SN00001', 'Reboot');

      expect(await screen.findByText('Failed to reboot device')).toBeInTheDocument();
      expect(screen.getByText('Device not found: No device has id dev-1.')).toBeInTheDocument();
      expect(fetch.requests.find((request) => request.url.endsWith('/reboot'))?.method).toBe('POST');
    });
  });
});
