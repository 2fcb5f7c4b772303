import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiToken, Me } from '@provisor/server/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch, type RecordedRequest } from '@/test/fetch-stub';
import { renderApp, resetStores, signIn } from '@/test/render-app';
import { SETTINGS } from '../test/fixtures';

const ADMIN: Me = { username: 'root', role: 'admin', kind: 'user', tokenName: null };
const TOKEN: ApiToken = {
  id: 't-1',
  name: 'billing',
  role: 'viewer',
  createdBy: 'root',
  createdAt: '2026-05-01T08:00:00.000Z',
  expiresAt: null,
  lastUsedAt: '2026-05-02T09:00:00.000Z',
  lastUsedFrom: '203.0.113.9',
  revokedAt: null,
};
const SECRET = 'pvt_0123456789abcdefSECRET';
const pathOf = (request: RecordedRequest) => new URL(request.url, 'http://console.test').pathname;
const bodyOf = (request: RecordedRequest) => JSON.parse(String(request.body)) as unknown;

function serve() {
  return stubFetch((request) => {
    const key = `${request.method} ${pathOf(request)}`;
    if (key === 'GET /api/auth/me') return jsonResponse(200, ADMIN);
    if (key === 'GET /api/settings') return jsonResponse(200, SETTINGS);
    if (key === 'GET /api/tokens') return jsonResponse(200, { tokens: [TOKEN] });
    if (key === 'POST /api/tokens')
      return jsonResponse(201, {
        token: { ...TOKEN, id: 't-2', name: 'noc', lastUsedAt: null },
        secret: SECRET,
      });
    if (key === 'DELETE /api/tokens/t-1') return jsonResponse(204);
    return jsonResponse(404, { error: 'Not Found' });
  });
}

async function openTokens() {
  const user = userEvent.setup();
  renderApp(['/settings']);
  await user.click(await screen.findByRole('tab', { name: 'API Tokens' }));
  await screen.findByRole('cell', { name: 'billing' });
  return user;
}

describe('Settings: API Tokens tab', () => {
  beforeEach(() => {
    resetStores();
    signIn('root');
  });

  it('lists tokens with their last use and where from', async () => {
    serve();
    await openTokens();
    const row = screen.getByRole('cell', { name: 'billing' }).closest('tr')!;
    expect(row).toHaveTextContent('from 203.0.113.9');
    expect(row).toHaveTextContent('Never'); // expires
  });

  it('checks the expiry, then shows the secret once with a warning and a copy button', async () => {
    const fetch = serve();
    const user = await openTokens();
    const form = screen.getByRole('form', { name: 'Create token' });
    await user.type(within(form).getByLabelText('Token name'), 'noc');
    await user.clear(within(form).getByLabelText('Expires in (days)'));
    await user.type(within(form).getByLabelText('Expires in (days)'), '0');
    await user.click(within(form).getByRole('button', { name: 'Create Token' }));
    expect(
      within(form).getByText('Enter whole days from 1 to 3650, or choose Never expires.'),
    ).toBeInTheDocument();
    expect(fetch.requests.some((request) => request.method === 'POST')).toBe(false);

    await user.click(within(form).getByLabelText('Never expires'));
    await user.selectOptions(within(form).getByLabelText('Token role'), 'operator');
    await user.click(within(form).getByRole('button', { name: 'Create Token' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('token-secret')).toHaveTextContent(SECRET);
    expect(dialog).toHaveTextContent('it is shown only this once');
    expect(within(dialog).getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    expect(bodyOf(fetch.requests.find((request) => request.method === 'POST')!)).toEqual({
      name: 'noc',
      role: 'operator',
      expiresInDays: null,
    });
    await user.click(within(dialog).getByRole('button', { name: 'I have copied it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByText(SECRET)).toBeNull();
  });

  it('revokes only after the confirmation', async () => {
    const fetch = serve();
    const user = await openTokens();
    await user.click(screen.getByRole('button', { name: 'Revoke billing' }));
    const dialog = await screen.findByRole('dialog');
    expect(fetch.requests.some((request) => request.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(fetch.requests.some((request) => request.method === 'DELETE')).toBe(true));
  });
});
