import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch, type FetchHandler } from '@/test/fetch-stub';
import { renderApp, resetStores, signIn } from '@/test/render-app';
import { bodyOf, makeDevice, makeJob, parse } from '../test/fixtures';
import type { DeviceParameter, Job } from '@provisor/server/contract';

const DEVICE = makeDevice(7, {
  id: 'dev-7',
  serialNumber: 'HWTC12345678',
  hardwareVersion: '15AD.A',
  lastEvents: ['0 BOOTSTRAP', '1 BOOT'],
  assignedProfileId: 'profile-42',
});

const PARAMETERS: DeviceParameter[] = [
  { name: 'Device.DeviceInfo.SoftwareVersion', value: 'V5R020C10S115', type: 'string', writable: false },
  {
    name: 'Device.ManagementServer.PeriodicInformInterval',
    value: '300',
    type: 'unsignedInt',
    writable: true,
  },
  { name: 'Device.WiFi.SSID.1.SSID', value: 'GT_Horvat', type: 'string', writable: true },
  { name: 'Device.WiFi.SSID.1.Enable', value: 'true', type: 'boolean', writable: true },
];

const JOBS: Job[] = [
  makeJob({
    id: 'job-2',
    deviceId: 'dev-7',
    type: 'set-parameters',
    status: 'failed',
    error: 'Invalid parameter value',
    faultCode: 9007,
  }),
  makeJob({
    id: 'job-1',
    deviceId: 'dev-7',
    type: 'reboot',
    status: 'completed',
    error: null,
    faultCode: null,
  }),
];

function serve(extra?: FetchHandler, jobs: Job[] = JOBS) {
  return stubFetch(async (request) => {
    const answer = await extra?.(request);
    if (answer) return answer;
    const { path } = parse(request);
    if (path === '/api/devices/dev-7') return jsonResponse(200, { device: DEVICE });
    if (path === '/api/devices/dev-7/parameters') return jsonResponse(200, { parameters: PARAMETERS });
    if (path === '/api/devices/dev-7/jobs') return jsonResponse(200, { jobs });
    if (path === '/api/devices/dev-7/files')
      return jsonResponse(200, {
        files: [
          {
            id: 'file-1',
            kind: 'backup',
            name: 'HWTC12345678-backup.xml',
            size: 2048,
            deviceId: 'dev-7',
            createdAt: '2026-01-02T03:04:05Z',
            downloadUrl: '/api/files/file-1/download',
          },
        ],
      });
    return jsonResponse(404, { error: 'Not Found', message: `no stub for ${path}` });
  });
}

describe('device page', () => {
  beforeEach(() => {
    resetStores();
    signIn();
    toast.dismiss();
  });

  it('shows who the device is and when it last informed', async () => {
    serve();
    renderApp(['/devices/dev-7']);

    expect(await screen.findByRole('heading', { name: 'HWTC12345678' })).toBeInTheDocument();
    expect(screen.getByTestId('device-field-oui')).toHaveTextContent('00259E');
    expect(screen.getByTestId('device-field-productClass')).toHaveTextContent('EG8145V5');
    expect(screen.getByTestId('device-field-manufacturer')).toHaveTextContent('Huawei');
    expect(screen.getByTestId('device-field-softwareVersion')).toHaveTextContent('V5R020C10S115');
    expect(screen.getByTestId('device-field-hardwareVersion')).toHaveTextContent('15AD.A');
    expect(screen.getByTestId('device-field-connectionRequestUrl')).toHaveTextContent(
      'http://192.0.2.7:7547/',
    );
    expect(screen.getByTestId('device-field-lastEvents')).toHaveTextContent('0 BOOTSTRAP1 BOOT');
    expect(screen.getByTestId('device-field-assignedProfileId')).toHaveTextContent('profile-42');
    expect(screen.getByTestId('device-status')).toHaveTextContent('Online');
    expect(screen.getByRole('group', { name: 'Device actions' })).toHaveTextContent('Factory Reset');
  });

  it('shows the parameter tree and filters it by name', async () => {
    serve();
    const user = userEvent.setup();
    renderApp(['/devices/dev-7']);
    expect(await screen.findByTestId('param-Device.WiFi.SSID.1.SSID')).toHaveTextContent('GT_Horvat');
    expect(screen.getByTestId('param-Device.DeviceInfo.SoftwareVersion')).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Filter parameters' }), 'ssid');

    expect(screen.getByTestId('param-Device.WiFi.SSID.1.SSID')).toBeInTheDocument();
    expect(screen.getByTestId('param-Device.WiFi.SSID.1.Enable')).toBeInTheDocument();
    expect(screen.queryByTestId('param-Device.DeviceInfo.SoftwareVersion')).toBeNull();
    expect(screen.queryByTestId('param-Device.ManagementServer.PeriodicInformInterval')).toBeNull();
  });

  it('collapses an object and refreshes the selected subtree', async () => {
    const fetch = serve((request) =>
      parse(request).path === '/api/devices/dev-7/refresh'
        ? jsonResponse(200, {
            success: true,
            job: { id: 'job-9', deviceId: 'dev-7', type: 'refresh', status: 'pending', error: null },
          })
        : undefined!,
    );
    const user = userEvent.setup();
    renderApp(['/devices/dev-7']);
    const wifi = await screen.findByTestId('param-object-Device.WiFi.');

    await user.click(wifi);

    expect(wifi).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByTestId('param-Device.WiFi.SSID.1.SSID')).toBeNull();
    await user.click(screen.getByRole('button', { name: /^Refresh/ }));
    await waitFor(() =>
      expect(fetch.requests.some((request) => request.url.endsWith('/refresh'))).toBe(true),
    );
    expect(bodyOf(fetch.requests.find((request) => request.url.endsWith('/refresh')))).toEqual({
      path: 'Device.WiFi.',
    });
  });

  it('only writable parameters can be edited', async () => {
    serve();
    renderApp(['/devices/dev-7']);
    await screen.findByTestId('param-Device.DeviceInfo.SoftwareVersion');
    expect(screen.queryByRole('button', { name: 'Edit Device.DeviceInfo.SoftwareVersion' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Edit Device.WiFi.SSID.1.SSID' })).toBeInTheDocument();
  });

  it('saves an edited value as a set-parameters job with the stored type and shows its status', async () => {
    const name = 'Device.ManagementServer.PeriodicInformInterval';
    const fetch = serve((request) =>
      parse(request).path === '/api/devices/dev-7/set-parameters'
        ? jsonResponse(200, {
            success: true,
            job: { id: 'job-3', deviceId: 'dev-7', type: 'set-parameters', status: 'pending', error: null },
          })
        : undefined!,
    );
    const user = userEvent.setup();
    renderApp(['/devices/dev-7']);

    await user.click(await screen.findByRole('button', { name: `Edit ${name}` }));
    const input = screen.getByRole('textbox', { name: `Value of ${name}` });
    await user.clear(input);
    await user.type(input, '600');
    await user.click(screen.getByRole('button', { name: `Save ${name}` }));

    const write = await screen.findByTestId(`param-write-${name}`);
    expect(write).toHaveTextContent('Writing "600"');
    expect(within(write).getByTestId('job-status')).toHaveTextContent('pending');
    const sent = fetch.requests.find((request) => request.url.endsWith('/set-parameters'));
    expect(sent?.method).toBe('POST');
    expect(bodyOf(sent)).toEqual({ parameters: [{ name, value: '600', type: 'unsignedInt' }] });
  });

  it('lists the jobs with their status, error and fault code', async () => {
    serve();
    renderApp(['/devices/dev-7']);

    const failed = await screen.findByTestId('job-row-job-2');
    expect(failed).toHaveTextContent('Set parameters');
    expect(within(failed).getByTestId('job-status')).toHaveTextContent('failed');
    expect(failed).toHaveTextContent('Invalid parameter value');
    expect(failed).toHaveTextContent('Fault 9007');
    expect(within(screen.getByTestId('job-row-job-1')).getByTestId('job-status')).toHaveTextContent(
      'completed',
    );
  });

  it("lists the device's files with a download button", async () => {
    serve();
    renderApp(['/devices/dev-7']);
    expect(
      await screen.findByRole('button', { name: 'Download HWTC12345678-backup.xml' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('file-row-file-1')).toHaveTextContent('backup');
  });

  it('says when the device does not exist', async () => {
    stubFetch(() => jsonResponse(404, { error: 'Device not found', message: 'x' }));
    renderApp(['/devices/nope']);
    expect(await screen.findByText('Device not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Devices' })).toHaveAttribute('href', '/devices');
  });
});
