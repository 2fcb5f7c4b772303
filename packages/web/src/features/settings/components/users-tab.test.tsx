import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Me, User } from '@provisor/server/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch, type RecordedRequest } from '@/test/fetch-stub';
import { renderApp, resetStores, signIn } from '@/test/render-app';
import { SETTINGS } from '../test/fixtures';

const ADMIN: Me = { username: 'root', role: 'admin', kind: 'user', tokenName: null };
const OP: User = {
  id: 'u-2',
  username: 'op1',
  role: 'operator',
  disabled: false,
  createdAt: '2026-05-01T08:00:00.000Z',
  updatedAt: '2026-05-01T08:00:00.000Z',
  lastSignInAt: null,
};
const pathOf = (request: RecordedRequest) => new URL(request.url, 'http://console.test').pathname;
const bodyOf = (request: RecordedRequest) => JSON.parse(String(request.body)) as unknown;

function serve() {
  const users = [OP];
  return stubFetch((request) => {
    const key = `${request.method} ${pathOf(request)}`;
    if (key === 'GET /api/auth/me') return jsonResponse(200, ADMIN);
    if (key === 'GET /api/settings') return jsonResponse(200, SETTINGS);
    if (key === 'GET /api/users') return jsonResponse(200, { users });
    if (key === 'POST /api/users') {
      const body = bodyOf(request) as Pick<User, 'username' | 'role'>;
      return jsonResponse(201, { ...OP, id: 'u-3', username: body.username, role: body.role });
    }
    if (key === 'PATCH /api/users/u-2') return jsonResponse(200, { ...OP, ...(bodyOf(request) as object) });
    return jsonResponse(404, { error: 'Not Found' });
  });
}

async function openUsers() {
  const user = userEvent.setup();
  renderApp(['/settings']);
  await user.click(await screen.findByRole('tab', { name: 'Users' }));
  await screen.findByRole('cell', { name: 'op1' });
  return user;
}

describe('Settings: Users tab', () => {
  beforeEach(() => {
    resetStores();
    signIn('root');
  });

  it('does not offer to demote or disable the last enabled admin, and says why', async () => {
    const root: User = { ...OP, id: 'u-1', username: 'root', role: 'admin' };
    stubFetch((request) => {
      const key = `${request.method} ${pathOf(request)}`;
      if (key === 'GET /api/auth/me') return jsonResponse(200, ADMIN);
      if (key === 'GET /api/settings') return jsonResponse(200, SETTINGS);
      if (key === 'GET /api/users') return jsonResponse(200, { users: [root, OP] });
      return jsonResponse(404, { error: 'Not Found' });
    });
    await openUsers();
    const disable = screen.getByRole('button', { name: 'Disable root' });
    expect(disable).toBeDisabled();
    expect(disable).toHaveAttribute('title', expect.stringContaining('make another user an admin first'));
    expect(screen.getByRole('combobox', { name: 'Role of root' })).toBeDisabled();
    // Anyone else may be changed.
    expect(screen.getByRole('button', { name: 'Disable op1' })).toBeEnabled();
    expect(screen.getByRole('combobox', { name: 'Role of op1' })).toBeEnabled();
  });

  it('lists the users and says that disabling or a new password signs out everywhere', async () => {
    serve();
    await openUsers();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Server',
      'CWMP/TR-069',
      'Database',
      'UI Settings',
      'Users',
      'API Tokens',
    ]);
    const row = screen.getByRole('cell', { name: 'op1' }).closest('tr')!;
    expect(within(row).getByRole('combobox', { name: 'Role of op1' })).toHaveValue('operator');
    expect(row).toHaveTextContent('Active');
    expect(row).toHaveTextContent('Never');
    expect(screen.getByText(/signs them out everywhere/)).toBeInTheDocument();
  });

  it('names the password rule that failed, sends nothing and keeps what was typed', async () => {
    const fetch = serve();
    const user = await openUsers();
    const form = screen.getByRole('form', { name: 'Add user' });
    await user.type(within(form).getByLabelText('Username'), 'helpdesk.one');
    await user.type(within(form).getByLabelText('Password'), 'short');
    await user.click(within(form).getByRole('button', { name: 'Add User' }));
    expect(
      within(form).getByText('The password is too short: at least 10 characters (now 5).'),
    ).toBeInTheDocument();
    expect(within(form).getByLabelText('Username')).toHaveValue('helpdesk.one');
    expect(
      within(form).getByText('At least 10 characters, and not the same as the username.'),
    ).toBeInTheDocument();

    await user.clear(within(form).getByLabelText('Password'));
    await user.type(within(form).getByLabelText('Password'), 'helpdesk.one');
    await user.click(within(form).getByRole('button', { name: 'Add User' }));
    expect(within(form).getByText('The password must not be the same as the username.')).toBeInTheDocument();
    expect(fetch.requests.filter((request) => request.method === 'POST')).toHaveLength(0);

    await user.clear(within(form).getByLabelText('Password'));
    await user.type(within(form).getByLabelText('Password'), 'a long passphrase');
    await user.selectOptions(within(form).getByLabelText('Role'), 'operator');
    await user.click(within(form).getByRole('button', { name: 'Add User' }));
    await waitFor(() => expect(fetch.requests.some((request) => request.method === 'POST')).toBe(true));
    const post = fetch.requests.find((request) => request.method === 'POST')!;
    expect(bodyOf(post)).toEqual({
      username: 'helpdesk.one',
      password: 'a long passphrase',
      role: 'operator',
    });
  });

  it('changes a role', async () => {
    const fetch = serve();
    const user = await openUsers();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Role of op1' }), 'viewer');
    await waitFor(() => expect(fetch.requests.some((request) => request.method === 'PATCH')).toBe(true));
    expect(bodyOf(fetch.requests.find((request) => request.method === 'PATCH')!)).toEqual({ role: 'viewer' });
  });

  it('disables a user only after the confirmation', async () => {
    const fetch = serve();
    const user = await openUsers();
    await user.click(screen.getByRole('button', { name: 'Disable op1' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Disable op1? They are signed out everywhere');
    expect(fetch.requests.some((request) => request.method === 'PATCH')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(fetch.requests.some((request) => request.method === 'PATCH')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Disable op1' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(fetch.requests.some((request) => request.method === 'PATCH')).toBe(true));
    expect(bodyOf(fetch.requests.find((request) => request.method === 'PATCH')!)).toEqual({ disabled: true });
  });

  it('offers a generated password on reset and shows it once with a copy button', async () => {
    const fetch = serve();
    const user = await openUsers();
    await user.click(screen.getByRole('button', { name: 'Reset password of op1' }));
    const dialog = await screen.findByRole('dialog');
    const offered = (within(dialog).getByLabelText('New password') as HTMLInputElement).value;
    expect(offered.length).toBe(16);
    await user.click(within(dialog).getByRole('button', { name: 'Reset Password' }));
    expect(await within(dialog).findByTestId('new-password')).toHaveTextContent(offered);
    expect(within(dialog).getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    expect(bodyOf(fetch.requests.find((request) => request.method === 'PATCH')!)).toEqual({
      password: offered,
    });
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByText(offered)).toBeNull();
  });
});
