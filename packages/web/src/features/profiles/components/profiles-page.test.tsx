import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse } from '@/test/fetch-stub';
import { renderApp, resetStores, signIn } from '@/test/render-app';
import { bodyOf, makeProfile, parse, serveProfiles } from '../test/fixtures';

const rows = () => screen.queryAllByTestId('profile-row');
const listQueries = (fetch: ReturnType<typeof serveProfiles>) =>
  fetch.requests.filter((r) => parse(r).path === '/api/profiles').map((r) => parse(r).query);

describe('Profiles screen', () => {
  beforeEach(() => {
    resetStores();
    signIn();
    toast.dismiss();
  });

  it('shows each row: status, GT_ badge, SSID, serial, version, assignment, changelog and 3 parameters', async () => {
    const params = Array.from({ length: 5 }, (_, i) => ({
      name: `Device.P${i}`,
      value: `v${i}`,
      type: 'string',
    }));
    const fetch = serveProfiles(
      [
        makeProfile(1, {
          name: 'Kovac',
          values: { wifi_ssid: 'GT_Kovac', device_serial_number: 'HWTC0001' },
          validationStatus: 'invalid',
          version: 3,
          changelog: 'New password',
          renderedParams: params,
          parameterCount: 5,
        }),
        makeProfile(2),
      ],
      undefined,
      [{ id: 'd1', serialNumber: 'HWTC0001', status: 'online', assignedProfileId: 'p-1' }],
    );
    renderApp(['/profiles']);
    expect(await screen.findByRole('heading', { name: 'Profiles' })).toBeInTheDocument();
    expect(screen.getByText('Configuration profiles for device provisioning')).toBeInTheDocument();
    const row = await screen.findByRole('article', { name: 'Kovac' });
    expect(within(row).getByTestId('validation-status')).toHaveTextContent('Invalid');
    expect(within(row).getByTestId('gt-badge')).toHaveTextContent('GT_');
    expect(within(row).getByText('GT_Kovac')).toBeInTheDocument();
    expect(within(row).getByText('HWTC0001')).toBeInTheDocument();
    expect(within(row).getByTestId('profile-version')).toHaveTextContent('3');
    expect(await within(row).findByText('Assigned to: HWTC0001 (online)')).toBeInTheDocument();
    expect(within(row).getByText('New password')).toBeInTheDocument();
    expect(within(row).getByText('Device.P0=v0')).toBeInTheDocument();
    expect(within(row).getByText('Device.P2=v2')).toBeInTheDocument();
    expect(within(row).queryByText('Device.P3=v3')).toBeNull();
    expect(within(row).getByText('... and 2 more parameters')).toBeInTheDocument();
    const other = screen.getByRole('article', { name: 'Profile 02' });
    expect(within(other).queryByTestId('gt-badge')).toBeNull();
    expect(within(other).queryByTestId('assigned-to')).toBeNull();
    expect(screen.getByText('Found 2 profile(s)')).toBeInTheDocument();
    expect(listQueries(fetch)[0]?.toString()).toBe('limit=1000&offset=0');
  });

  it('filters by search, template, status and GT_, each going back to page 1', async () => {
    const profiles = Array.from({ length: 45 }, (_, i) =>
      makeProfile(i + 1, i < 3 ? { values: { wifi_ssid: `GT_Name${i}` }, validationStatus: 'pending' } : {}),
    );
    const fetch = serveProfiles(profiles);
    const user = userEvent.setup();
    renderApp(['/profiles']);
    expect(await screen.findByText('Found 45 profile(s)')).toBeInTheDocument();
    const templateSelect = screen.getByRole('combobox', { name: 'Filter by template' });
    expect(
      within(templateSelect)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All Templates', 'Acme AX1', 'Generic TR-181 Router']);
    const statusSelect = screen.getByRole('combobox', { name: 'Filter by validation status' });
    expect(
      within(statusSelect)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All Status', 'Valid', 'Invalid', 'Pending']);

    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(screen.getByText('Showing 41 to 45 of 45 results')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'GT_ Profiles Only' }));
    expect(screen.getByText('Found 3 profile(s)')).toBeInTheDocument();
    expect(screen.getByText('Showing 1 to 3 of 3 results')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'GT_ Profiles Only' }));

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await user.selectOptions(statusSelect, 'Pending');
    await waitFor(() => expect(listQueries(fetch).at(-1)?.get('validationStatus')).toBe('pending'));
    expect(await screen.findByText('Showing 1 to 3 of 3 results')).toBeInTheDocument();
    await user.selectOptions(statusSelect, 'All Status');

    await user.selectOptions(templateSelect, 'Generic TR-181 Router');
    await waitFor(() => expect(listQueries(fetch).at(-1)?.get('templateId')).toBe('tpl-2'));
    expect(await screen.findByText('No profiles')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create First Profile' })).toBeNull();
    await user.selectOptions(templateSelect, 'All Templates');

    await user.click(await screen.findByRole('button', { name: 'Page 2' }));
    await user.type(
      screen.getByPlaceholderText('Search by name, SSID, surname, or serial number...'),
      'Profile 4',
    );
    await waitFor(() => expect(listQueries(fetch).at(-1)?.get('search')).toBe('Profile 4'));
    expect(await screen.findByText('Found 6 profile(s)')).toBeInTheDocument();
    expect(screen.getByText('Showing 1 to 6 of 6 results')).toBeInTheDocument();
  });

  it('pages 20 at a time with a window of 7 page buttons, first, last and ellipses', async () => {
    serveProfiles(Array.from({ length: 250 }, (_, i) => makeProfile(i + 1)));
    const user = userEvent.setup();
    renderApp(['/profiles']);
    expect(await screen.findByText('Showing 1 to 20 of 250 results')).toBeInTheDocument();
    expect(rows()).toHaveLength(20);
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    const pages = () =>
      within(nav)
        .getAllByRole('button', { name: /^Page / })
        .map((b) => b.textContent);
    expect(pages()).toEqual(['1', '2', '3', '4', '5', '6', '7', '13']);
    expect(within(nav).getAllByTestId('page-gap')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Page 7' }));
    expect(screen.getByText('Showing 121 to 140 of 250 results')).toBeInTheDocument();
    expect(pages()).toEqual(['1', '4', '5', '6', '7', '8', '9', '10', '13']);
    expect(within(nav).getAllByTestId('page-gap')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Page 7' })).toHaveAttribute('aria-current', 'page');

    await user.click(screen.getByRole('button', { name: 'Page 13' }));
    expect(screen.getByText('Showing 241 to 250 of 250 results')).toBeInTheDocument();
    expect(rows()).toHaveLength(10);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByText('Showing 221 to 240 of 250 results')).toBeInTheDocument();
  });

  it('shows "No profiles" with "Create First Profile" when there are none', async () => {
    serveProfiles([]);
    const user = userEvent.setup();
    renderApp(['/profiles']);
    expect(await screen.findByText('No profiles')).toBeInTheDocument();
    expect(screen.getByText('Found 0 profile(s)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create First Profile' }));
    expect(screen.getByRole('dialog', { name: 'Create Profile' })).toBeInTheDocument();
  });

  it('duplicates with the suffix " (Copy)"', async () => {
    const fetch = serveProfiles([makeProfile(1, { values: { wifi_ssid: 'X' } })], (request) =>
      parse(request).path === '/api/profiles' && request.method === 'POST'
        ? jsonResponse(201, { profile: makeProfile(9, { name: 'Profile 01 (Copy)' }) })
        : undefined,
    );
    const user = userEvent.setup();
    renderApp(['/profiles']);
    await user.click(await screen.findByRole('button', { name: 'Duplicate Profile 01' }));
    await waitFor(() =>
      expect(bodyOf(fetch.requests.find((r) => r.method === 'POST'))).toEqual({
        name: 'Profile 01 (Copy)',
        templateId: 'tpl-1',
        values: { wifi_ssid: 'X' },
      }),
    );
  });

  it('asks before deleting; toasts success or failure', async () => {
    let status = 204;
    const fetch = serveProfiles([makeProfile(1), makeProfile(2)], (request) =>
      request.method === 'DELETE'
        ? status === 204
          ? new Response(null, { status: 204 })
          : jsonResponse(404, { error: 'Profile not found', message: 'gone' })
        : undefined,
    );
    const user = userEvent.setup();
    renderApp(['/profiles']);
    await user.click(await screen.findByRole('button', { name: 'Delete Profile 01' }));
    let dialog = screen.getByRole('dialog', { name: 'Delete Profile' });
    expect(dialog).toHaveTextContent(
      'Are you sure you want to delete the profile "Profile 01"? This action cannot be undone.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(fetch.requests.filter((r) => r.method === 'DELETE')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete Profile 01' }));
    dialog = screen.getByRole('dialog', { name: 'Delete Profile' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Profile deleted successfully')).toBeInTheDocument();
    expect(parse(fetch.requests.find((r) => r.method === 'DELETE')!).path).toBe('/api/profiles/p-1');

    status = 404;
    await user.click(screen.getByRole('button', { name: 'Delete Profile 02' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete Profile' })).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('Failed to delete profile')).toBeInTheDocument();
  });

  it("deploys to the devices chosen in the picker, after the spec's question (issue 19 point 8)", async () => {
    const device = (i: number) => ({
      id: `d${i}`,
      serialNumber: `HWTC000${i}`,
      productClass: 'EG8145V5',
      oui: '00E0FC',
      status: 'online',
      assignedProfileId: null,
    });
    const fetch = serveProfiles(
      [makeProfile(1)],
      (request) =>
        parse(request).path === '/api/provisioning/assign-profile'
          ? jsonResponse(200, {
              operationId: 'op-1',
              results: [{ deviceId: 'd2', success: true, jobId: 'j-2' }],
              created: 1,
              failed: 0,
            })
          : undefined,
      [device(1), device(2), device(3)],
    );
    const user = userEvent.setup();
    renderApp(['/profiles']);
    await user.click(await screen.findByRole('button', { name: 'Deploy' }));
    const picker = screen.getByRole('dialog', { name: 'Choose Devices' });
    const deploy = within(picker).getByRole('button', { name: 'Deploy' });
    expect(deploy).toBeDisabled();
    await user.click(await within(picker).findByRole('checkbox', { name: 'Select HWTC0002' }));
    expect(within(picker).getByTestId('selection-count')).toHaveTextContent('1 of 3 selected');
    await user.click(deploy);
    const question = screen.getByRole('dialog', { name: 'Deploy Profile' });
    expect(question).toHaveTextContent('Deploy profile "Profile 01" to selected devices?');
    expect(fetch.requests.some((r) => parse(r).path === '/api/provisioning/assign-profile')).toBe(false);
    await user.click(within(question).getByRole('button', { name: 'Deploy' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const calls = fetch.requests.filter((r) => parse(r).path === '/api/provisioning/assign-profile');
    expect(calls.map((r) => [r.method, bodyOf(r)])).toEqual([
      ['POST', { profileId: 'p-1', deviceIds: ['d2'] }],
    ]);
    expect(await screen.findByText('Profile deployed')).toBeInTheDocument();
  });

  it("keeps the question open with the server's reason when a deployment is refused", async () => {
    serveProfiles(
      [makeProfile(1)],
      (request) =>
        parse(request).path === '/api/provisioning/assign-profile'
          ? jsonResponse(400, { error: 'Profile is not valid', message: 'Fix it before assigning it.' })
          : undefined,
      [{ id: 'd1', serialNumber: 'HWTC0001', productClass: 'X', oui: '00E0FC', status: 'online' }],
    );
    const user = userEvent.setup();
    renderApp(['/profiles']);
    await user.click(await screen.findByRole('button', { name: 'Deploy' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Select HWTC0001' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Choose Devices' })).getByRole('button', { name: 'Deploy' }),
    );
    const question = screen.getByRole('dialog', { name: 'Deploy Profile' });
    await user.click(within(question).getByRole('button', { name: 'Deploy' }));
    expect(await within(question).findByRole('alert')).toHaveTextContent(
      'Profile is not valid: Fix it before assigning it.',
    );
  });

  it('opens ?edit={id} for editing', async () => {
    serveProfiles([makeProfile(1), makeProfile(7, { name: 'Linked' })]);
    const { router } = renderApp(['/profiles?edit=p-7']);
    const dialog = await screen.findByRole('dialog', { name: 'Edit Profile' });
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Linked');
    expect(within(dialog).getByLabelText('Template')).toBeDisabled();
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(router.state.location.search).toBe('');
  });
});
