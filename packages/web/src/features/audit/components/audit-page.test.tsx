import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuditEntry, Me } from '@provisor/server/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch, type RecordedRequest } from '@/test/fetch-stub';
import { renderApp, resetStores, signIn } from '@/test/render-app';

const ENTRY: AuditEntry = {
  id: 'a-1',
  timestamp: '2026-05-01T08:00:00.000Z',
  actor: 'op1',
  role: 'operator',
  action: 'devices.reboot',
  route: 'POST /api/devices/:id/reboot',
  target: 'dev-7',
  address: '127.0.0.1',
  result: 'success',
  status: 202,
  detail: null,
};
const urlOf = (request: RecordedRequest) => new URL(request.url, 'http://console.test');

function serve(role: Me['role'] = 'admin') {
  return stubFetch((request) => {
    const path = urlOf(request).pathname;
    if (path === '/api/auth/me')
      return jsonResponse(200, { username: 'root', role, kind: 'user', tokenName: null });
    if (path === '/api/audit') return jsonResponse(200, { entries: [ENTRY], total: 1, limit: 50, offset: 0 });
    return jsonResponse(404, { error: 'Not Found' });
  });
}

describe('Audit Log', () => {
  beforeEach(() => {
    resetStores();
    signIn('root');
  });

  it('shows who did what, when, from where and the result', async () => {
    serve();
    renderApp(['/audit']);
    const row = await screen.findByTestId('audit-row');
    for (const text of ['op1', 'operator', 'devices.reboot', 'dev-7', '127.0.0.1', 'Success', '202'])
      expect(row).toHaveTextContent(text);
  });

  it('sends the filters as the query, times as ISO 8601, and refuses a To before From', async () => {
    const fetch = serve();
    const user = userEvent.setup();
    renderApp(['/audit']);
    await screen.findByTestId('audit-row');
    const form = screen.getByRole('form', { name: 'Audit filters' });
    await user.type(within(form).getByLabelText('User'), 'op1');
    await user.type(within(form).getByLabelText('Action'), 'devices.reboot');
    await user.type(within(form).getByLabelText('Target'), 'dev-7');
    await user.type(within(form).getByLabelText('From'), '2026-05-02T08:00');
    await user.type(within(form).getByLabelText('To'), '2026-05-01T08:00');
    await user.click(within(form).getByRole('button', { name: 'Apply Filters' }));
    expect(
      within(form).getAllByText('To is before From: pick a To time after the From time.').length,
    ).toBeGreaterThan(0);
    expect(within(form).getByLabelText('User')).toHaveValue('op1');

    await user.clear(within(form).getByLabelText('To'));
    await user.type(within(form).getByLabelText('To'), '2026-05-03T08:00');
    await user.click(within(form).getByRole('button', { name: 'Apply Filters' }));
    await waitFor(() =>
      expect(fetch.requests.some((request) => urlOf(request).searchParams.has('actor'))).toBe(true),
    );
    const sent = urlOf(
      fetch.requests.find((request) => urlOf(request).searchParams.has('actor'))!,
    ).searchParams;
    expect(Object.fromEntries(sent)).toEqual({
      actor: 'op1',
      action: 'devices.reboot',
      target: 'dev-7',
      from: new Date('2026-05-02T08:00').toISOString(),
      to: new Date('2026-05-03T08:00').toISOString(),
      limit: '50',
      offset: '0',
    });
  });

  it('tells a non-admin that the audit log is for admins', async () => {
    serve('operator');
    renderApp(['/audit']);
    expect(await screen.findByRole('alert')).toHaveTextContent('Only admins can see the audit log');
  });
});
