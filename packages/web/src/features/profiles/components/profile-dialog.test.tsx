import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse } from '@/test/fetch-stub';
import { renderApp, resetStores, signIn } from '@/test/render-app';
import { parseNumberInput } from '../lib/schema-form';
import { bodyOf, makeProfile, parse, serveProfiles } from '../test/fixtures';

async function openCreate() {
  const user = userEvent.setup();
  renderApp(['/profiles']);
  await screen.findByText(/Found \d+ profile\(s\)/);
  await user.click(screen.getByRole('button', { name: 'Create Profile' }));
  const dialog = screen.getByRole('dialog', { name: 'Create Profile' });
  return { user, dialog };
}

describe('Profile dialog', () => {
  beforeEach(() => {
    resetStores();
    signIn();
    toast.dismiss();
  });

  it('requires a name and a template', async () => {
    const fetch = serveProfiles([]);
    const { user, dialog } = await openCreate();
    await user.click(within(dialog).getByRole('button', { name: 'Create Profile' }));
    expect(within(dialog).getByText('Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Template is required')).toBeInTheDocument();
    expect(fetch.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('builds the inputs from the schema: enum, True/False, number bounds, password, JSON areas', async () => {
    const fetch = serveProfiles([], (request) =>
      parse(request).path === '/api/profiles' && request.method === 'POST'
        ? jsonResponse(201, { profile: makeProfile(1) })
        : undefined,
    );
    const { user, dialog } = await openCreate();
    await user.type(within(dialog).getByLabelText('Name'), 'Home');
    await user.selectOptions(within(dialog).getByLabelText('Template'), 'tpl-1');

    const security = within(dialog).getByLabelText('Wi-Fi security');
    expect(security.tagName).toBe('SELECT');
    expect(
      within(security)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select...', 'WPA2-PSK', 'WPA/WPA2-PSK']);
    const enabled = within(dialog).getByLabelText('Wi-Fi enabled');
    expect(
      within(enabled)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select...', 'True', 'False']);
    const channel = within(dialog).getByLabelText('Wi-Fi channel');
    expect(channel).toHaveAttribute('type', 'number');
    expect(channel).toHaveAttribute('min', '0');
    expect(channel).toHaveAttribute('max', '165');
    const ssid = within(dialog).getByLabelText('Wi-Fi name (SSID)');
    expect(ssid).toHaveAttribute('type', 'text');
    expect(ssid).toHaveAttribute('minlength', '1');
    expect(ssid).toHaveAttribute('maxlength', '32');
    // No title: labelled by the field name; "password" in the name gives a password input.
    const password = within(dialog).getByLabelText('wifi_password');
    expect(password).toHaveAttribute('type', 'password');
    expect(within(dialog).getByLabelText('Extra settings').tagName).toBe('TEXTAREA');
    expect(within(dialog).getByLabelText('DNS servers').tagName).toBe('TEXTAREA');

    await user.type(ssid, 'GT_Home');
    await user.type(password, 'secret-pass');
    await user.selectOptions(security, 'WPA2-PSK');
    await user.selectOptions(enabled, 'False');
    await user.clear(channel);
    await user.type(channel, '11');
    fireEvent.change(within(dialog).getByLabelText('Extra settings'), { target: { value: '{"a": 1' } });
    expect(within(dialog).getByText('Invalid JSON format')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Extra settings'), { target: { value: '{"a": 1}' } });
    expect(within(dialog).queryByText('Invalid JSON format')).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('DNS servers'), { target: { value: '["1.1.1.1"]' } });

    await user.click(within(dialog).getByRole('button', { name: 'Create Profile' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodyOf(fetch.requests.find((r) => r.method === 'POST'))).toEqual({
      name: 'Home',
      templateId: 'tpl-1',
      values: {
        wifi_ssid: 'GT_Home',
        wifi_password: 'secret-pass',
        wifi_security_mode: 'WPA2-PSK',
        wifi_enabled: false,
        wifi_channel: 11,
        extra: { a: 1 },
        dns_servers: ['1.1.1.1'],
      },
    });
  });

  it('parses numbers; an invalid entry becomes 0', async () => {
    expect(parseNumberInput('42', true)).toBe(42);
    expect(parseNumberInput('4.5', false)).toBe(4.5);
    expect(parseNumberInput('abc', true)).toBe(0);
    expect(parseNumberInput('', false)).toBe(0);
    serveProfiles([]);
    const { user, dialog } = await openCreate();
    await user.selectOptions(within(dialog).getByLabelText('Template'), 'tpl-1');
    const channel = within(dialog).getByLabelText('Wi-Fi channel');
    fireEvent.change(channel, { target: { value: '5' } });
    expect(channel).toHaveValue(5);
    fireEvent.change(channel, { target: { value: '' } }); // what the browser reports for "abc"
    expect(channel).toHaveValue(0);
  });

  it('clears the values when the template changes on create', async () => {
    serveProfiles([]);
    const { user, dialog } = await openCreate();
    await user.selectOptions(within(dialog).getByLabelText('Template'), 'tpl-1');
    await user.type(within(dialog).getByLabelText('Wi-Fi name (SSID)'), 'abc');
    await user.selectOptions(within(dialog).getByLabelText('Template'), 'tpl-2');
    expect(within(dialog).queryByLabelText('Wi-Fi name (SSID)')).toBeNull();
    await user.selectOptions(within(dialog).getByLabelText('Template'), 'tpl-1');
    expect(within(dialog).getByLabelText('Wi-Fi name (SSID)')).toHaveValue('');
  });

  it('validates against the template: "Validation passed" or "Validation failed" with the errors', async () => {
    let valid = false;
    const fetch = serveProfiles([], (request) =>
      parse(request).path === '/api/templates/tpl-1/validate'
        ? jsonResponse(
            200,
            valid
              ? { valid, errors: [], warnings: [] }
              : { valid, errors: ['wifi_password is required', 'x too long'], warnings: [] },
          )
        : undefined,
    );
    const { user, dialog } = await openCreate();
    await user.selectOptions(within(dialog).getByLabelText('Template'), 'tpl-1');
    await user.type(within(dialog).getByLabelText('Wi-Fi name (SSID)'), 'Net');
    await user.click(within(dialog).getByRole('button', { name: 'Validate' }));
    const result = await within(dialog).findByTestId('validation-result');
    expect(result).toHaveTextContent('Validation failed');
    expect(
      within(result)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['wifi_password is required', 'x too long']);
    expect(bodyOf(fetch.requests.find((r) => parse(r).path.endsWith('/validate')))).toEqual({
      values: { wifi_ssid: 'Net' },
    });
    valid = true;
    await user.click(within(dialog).getByRole('button', { name: 'Validate' }));
    await waitFor(() =>
      expect(within(dialog).getByTestId('validation-result')).toHaveTextContent('Validation passed'),
    );
  });

  it('saves an edit with a changelog as a new version, without one as an update', async () => {
    const profile = makeProfile(1, { values: { wifi_ssid: 'Old' } });
    const fetch = serveProfiles([profile], (request) => {
      const { path, method } = parse(request);
      if (path === '/api/profiles/p-1/version' && method === 'POST')
        return jsonResponse(201, { profile: { ...profile, version: 2 } });
      if (path === '/api/profiles/p-1' && method === 'PUT') return jsonResponse(200, { profile });
      return undefined;
    });
    const user = userEvent.setup();
    renderApp(['/profiles']);
    await user.click(await screen.findByRole('button', { name: 'Edit Profile 01' }));
    let dialog = screen.getByRole('dialog', { name: 'Edit Profile' });
    expect(within(dialog).getByLabelText('Template')).toBeDisabled();
    const ssid = await within(dialog).findByLabelText('Wi-Fi name (SSID)');
    expect(ssid).toHaveValue('Old');
    await user.clear(ssid);
    await user.type(ssid, 'New');
    await user.click(within(dialog).getByRole('button', { name: 'Save Profile' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const put = fetch.requests.find((r) => r.method === 'PUT');
    expect(bodyOf(put)).toEqual({ name: 'Profile 01', values: { wifi_ssid: 'New' } });
    expect(fetch.requests.filter((r) => parse(r).path.endsWith('/version'))).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Edit Profile 01' }));
    dialog = screen.getByRole('dialog', { name: 'Edit Profile' });
    await user.type(within(dialog).getByLabelText('Changelog'), 'Moved to channel 6');
    await user.click(within(dialog).getByRole('button', { name: 'Save Profile' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodyOf(fetch.requests.find((r) => parse(r).path.endsWith('/version')))).toEqual({
      name: 'Profile 01',
      values: { wifi_ssid: 'Old' },
      changelog: 'Moved to channel 6',
    });
    expect(fetch.requests.filter((r) => r.method === 'PUT')).toHaveLength(1);
  });

  it('says a profile saved with a failed validation is invalid, and why, rather than a plain success', async () => {
    const profile = makeProfile(1, { values: { wifi_ssid: 'Old' } });
    const invalid = {
      ...profile,
      validationStatus: 'invalid' as const,
      validationErrors: ['wifi_password must be at least 8 characters'],
    };
    serveProfiles([profile], (request) => {
      const { path, method } = parse(request);
      if (path === '/api/profiles/p-1' && method === 'PUT') return jsonResponse(200, { profile: invalid });
      return undefined;
    });
    const user = userEvent.setup();
    renderApp(['/profiles']);
    await user.click(await screen.findByRole('button', { name: 'Edit Profile 01' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Profile' });
    await within(dialog).findByLabelText('Wi-Fi name (SSID)');
    await user.click(within(dialog).getByRole('button', { name: 'Save Profile' }));
    expect(await screen.findByText('Profile updated, but it is invalid')).toBeInTheDocument();
    expect(screen.getByText('Profile 01: wifi_password must be at least 8 characters')).toBeInTheDocument();
  });

  it('views a profile read-only', async () => {
    serveProfiles([makeProfile(1)]);
    const user = userEvent.setup();
    renderApp(['/profiles']);
    await user.click(await screen.findByRole('button', { name: 'View Profile 01' }));
    const dialog = screen.getByRole('dialog', { name: 'View Profile' });
    expect(within(dialog).getByLabelText('Name')).toBeDisabled();
    expect(within(dialog).queryByRole('button', { name: 'Save Profile' })).toBeNull();
    expect(within(dialog).queryByLabelText('Changelog')).toBeNull();
  });
});
