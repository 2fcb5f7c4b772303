import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Campaign } from '@provisor/server/contract';
import { FakeWebSocket } from '@/test/fake-websocket';
import { jsonResponse, stubFetch, type RecordedRequest } from '@/test/fetch-stub';
import { queryKeys } from '@/lib/query-keys';
import { renderApp, resetStores, signIn } from '@/test/render-app';
import { campaign, group, wave } from '../test/fixtures';

const pathOf = (r: RecordedRequest) => new URL(r.url, 'http://console.test').pathname;
const bodyOf = (r: RecordedRequest) => JSON.parse(String(r.body)) as Record<string, unknown>;
const FILE = {
  id: 'file-1',
  kind: 'firmware',
  name: 'fw-5.0.bin',
  size: 28,
  sha256: '',
  contentType: 'application/octet-stream',
  deviceId: null,
  jobId: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};

/** The campaigns API as the contract describes it; `create` answers POST /api/campaigns. */
function serve(
  options: {
    campaigns?: Campaign[];
    create?: (r: RecordedRequest) => Response;
    failures?: number;
  } = {},
) {
  const state = { campaigns: options.campaigns ?? [] };
  const fetch = stubFetch((r) => {
    const path = pathOf(r);
    if (path === '/api/campaigns' && r.method === 'POST') return options.create!(r);
    if (path === '/api/campaigns') return jsonResponse(200, { campaigns: state.campaigns });
    if (path === '/api/groups') return jsonResponse(200, { groups: [group()] });
    if (path === '/api/groups/preview') {
      const { filter } = bodyOf(r) as { filter: { search?: string } };
      const size = filter.search === 'ZG' ? 30 : filter.search ? 7 : 100;
      return jsonResponse(200, { size, versions: [{ softwareVersion: '4.1.0', count: size }] });
    }
    if (path === '/api/files') return jsonResponse(200, { files: [FILE], total: 1, limit: 1000, offset: 0 });
    if (path === '/api/profiles')
      return jsonResponse(200, { profiles: [], total: 0, limit: 1000, offset: 0 });
    const one = /^\/api\/campaigns\/([^/]+)(\/.*)?$/.exec(path);
    if (one) {
      const found = state.campaigns.find((c) => c.id === one[1]);
      if (!found) return jsonResponse(404, { error: 'Not found', message: 'No such campaign' });
      if (!one[2]) return jsonResponse(200, { campaign: found });
      if (one[2] === '/progress')
        return jsonResponse(200, { points: [{ timestamp: found.createdAt, upgraded: 0, failed: 0 }] });
      if (one[2] === '/devices') {
        const devices = Array.from({ length: options.failures ?? 0 }, (_, i) => ({
          deviceId: `dev-${i}`,
          serialNumber: `ZG${i}`,
          wave: 0,
          state: 'failed',
          reason: 'Download refused: CWMP fault 9010 (Download failure)',
          softwareVersion: '4.1.0',
          updatedAt: found.updatedAt,
        }));
        return jsonResponse(200, { devices, total: devices.length });
      }
      if (r.method === 'POST') {
        const action = one[2].slice(1);
        const next = {
          ...found,
          state: action === 'cancel' ? 'cancelled' : action === 'pause' ? 'paused' : 'running',
        };
        state.campaigns = state.campaigns.map((c) => (c.id === found.id ? (next as Campaign) : c));
        return jsonResponse(200, { campaign: next });
      }
    }
    return jsonResponse(404, { error: 'Not found', message: path });
  });
  return Object.assign(fetch, { state });
}

describe('Campaigns screen', { timeout: 30_000 }, () => {
  beforeEach(() => {
    resetStores();
    signIn();
    toast.dismiss();
  });

  it('says there are no campaigns yet, and lists the groups with their sizes', async () => {
    serve();
    renderApp(['/campaigns']);
    expect(await screen.findByText(/No campaigns yet/, {}, { timeout: 5000 })).toBeInTheDocument();
    const row = await screen.findByTestId('group-row-grp-1');
    expect(within(row).getByText('Zagreb ONTs')).toBeInTheDocument();
    expect(within(row).getByTestId('group-size')).toHaveTextContent('30');
    expect(within(row).getByText('search "ZG"')).toBeInTheDocument();
  });

  it('lists a campaign: group, version, state, progress, current wave; a live update moves it', async () => {
    serve({ campaigns: [campaign()] });
    renderApp(['/campaigns']);
    const row = await screen.findByTestId('campaign-row-cmp-1', {}, { timeout: 5000 });
    expect(within(row).getByRole('link', { name: 'Spring upgrade' })).toHaveAttribute(
      'href',
      '/campaigns/cmp-1',
    );
    expect(within(row).getByText('5.0.0')).toBeInTheDocument();
    expect(within(row).getByTestId('campaign-state')).toHaveTextContent('Running');
    expect(within(row).getByTestId('campaign-progress')).toHaveTextContent('0 upgraded · 0 failed of 30');
    expect(within(row).getByText('Canary of 3')).toBeInTheDocument();
    act(() => FakeWebSocket.last.open());
    const moved = campaign({
      currentWave: 1,
      counts: { total: 30, pending: 12, upgrading: 12, upgraded: 3, failed: 0 },
    });
    act(() =>
      FakeWebSocket.last.receive(JSON.stringify({ type: 'campaign_update', timestamp: 't', payload: moved })),
    );
    await waitFor(() =>
      expect(within(row).getByTestId('campaign-progress')).toHaveTextContent('3 upgraded · 0 failed of 30'),
    );
    expect(within(row).getByText('Wave 1 of 3')).toBeInTheDocument();
  });

  it('bounds the canary by no size before a group is chosen (not the whole inventory)', async () => {
    serve();
    const user = userEvent.setup();
    const { queryClient } = renderApp(['/campaigns']);
    // The whole inventory's preview, as the New Device Group dialog leaves it with an empty filter.
    queryClient.setQueryData(queryKeys.groups.preview({}), { size: 9, versions: [] });
    await user.click(await screen.findByRole('button', { name: 'New Campaign' }, { timeout: 5000 }));
    const dialog = screen.getByRole('dialog', { name: 'New Campaign' });
    await user.clear(within(dialog).getByLabelText('Canary size'));
    await user.type(within(dialog).getByLabelText('Canary size'), '150');
    await user.click(within(dialog).getByRole('button', { name: 'Start Campaign' }));
    expect(
      within(dialog).getAllByText('Device group is required: choose the routers to upgrade.'),
    ).not.toHaveLength(0);
    expect(within(dialog).queryByText(/Canary size must not exceed/)).toBeNull();
  });

  it("checks the form field by field, keeps what was typed, shows the server's 400, then starts the campaign", async () => {
    let answer: Response = jsonResponse(400, {
      error: 'Bad Request',
      message: 'The firmware file fw-5.0.bin is not in the store any more',
    });
    const fetch = serve({ create: () => answer });
    const user = userEvent.setup();
    const { router } = renderApp(['/campaigns']);
    await user.click(await screen.findByRole('button', { name: 'New Campaign' }, { timeout: 5000 }));
    const dialog = screen.getByRole('dialog', { name: 'New Campaign' });
    await user.type(within(dialog).getByLabelText('Name'), 'Spring upgrade');
    await user.selectOptions(within(dialog).getByLabelText('Device group'), 'grp-1');
    expect(await within(dialog).findByTestId('group-preview-size')).toHaveTextContent('30 devices match');
    expect(within(dialog).getByText('4.1.0: 30')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Canary size'));
    await user.type(within(dialog).getByLabelText('Canary size'), '31');
    await user.clear(within(dialog).getByLabelText('Waves (%)'));
    await user.type(within(dialog).getByLabelText('Waves (%)'), '50, 40');
    await user.click(within(dialog).getByRole('button', { name: 'Start Campaign' }));

    expect(
      within(dialog).getAllByText('Firmware file is required: choose a firmware file from the store.'),
    ).not.toHaveLength(0);
    expect(
      within(dialog).getAllByText("Canary size must not exceed the group's size (30 routers)."),
    ).not.toHaveLength(0);
    expect(within(dialog).getAllByText(/Waves must increase/)).not.toHaveLength(0);
    expect(within(dialog).getAllByText(/Target version is required/)).not.toHaveLength(0);
    expect(within(dialog).getByLabelText('Canary size')).toHaveAttribute('aria-invalid', 'true');
    expect(fetch.requests.some((r) => r.method === 'POST' && pathOf(r) === '/api/campaigns')).toBe(false);
    // Nothing typed is lost.
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Spring upgrade');
    expect(within(dialog).getByLabelText('Waves (%)')).toHaveValue('50, 40');

    await user.selectOptions(within(dialog).getByLabelText('Firmware file'), 'file-1');
    await user.type(within(dialog).getByLabelText('Target version'), '5.0.0');
    await user.clear(within(dialog).getByLabelText('Canary size'));
    await user.type(within(dialog).getByLabelText('Canary size'), '3');
    await user.clear(within(dialog).getByLabelText('Waves (%)'));
    await user.type(within(dialog).getByLabelText('Waves (%)'), '50, 100');
    await user.clear(within(dialog).getByLabelText('Soak time (minutes)'));
    await user.type(within(dialog).getByLabelText('Soak time (minutes)'), '0');
    await user.click(within(dialog).getByRole('button', { name: 'Start Campaign' }));
    expect(
      await within(dialog).findByText(
        'The server refused the campaign: Bad Request: The firmware file fw-5.0.bin is not in the store any more',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Spring upgrade');
    const sent = bodyOf(fetch.requests.find((r) => r.method === 'POST' && pathOf(r) === '/api/campaigns')!);
    expect(sent).toEqual({
      name: 'Spring upgrade',
      groupId: 'grp-1',
      fileId: 'file-1',
      targetVersion: '5.0.0',
      canarySize: 3,
      waves: [50, 100],
      soakMinutes: 0,
      maxConcurrent: 50,
      failureThreshold: 5,
      deadlineMinutes: 30,
      window: null,
    });

    answer = jsonResponse(201, { campaign: campaign() });
    fetch.state.campaigns = [campaign()];
    await user.click(within(dialog).getByRole('button', { name: 'Start Campaign' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/campaigns/cmp-1'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Spring upgrade' })).toBeInTheDocument();
  });

  it("previews a new group's size as its filter is typed", async () => {
    const fetch = serve();
    const user = userEvent.setup();
    renderApp(['/campaigns']);
    await user.click(await screen.findByRole('button', { name: 'New Group' }, { timeout: 5000 }));
    const dialog = screen.getByRole('dialog', { name: 'New Device Group' });
    expect(await within(dialog).findByTestId('group-preview-size')).toHaveTextContent('100 devices match');
    await user.type(within(dialog).getByLabelText('Search'), 'ZG');
    await waitFor(() =>
      expect(within(dialog).getByTestId('group-preview-size')).toHaveTextContent('30 devices match'),
    );
    // Debounced: one preview for the whole word, not one per key.
    const previews = fetch.requests
      .filter((r) => pathOf(r) === '/api/groups/preview')
      .map((r) => bodyOf(r).filter);
    expect(previews).toEqual([{}, { search: 'ZG' }]);
    await user.click(within(dialog).getByRole('button', { name: 'Create Group' }));
    expect(within(dialog).getByText('Name is required.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Search')).toHaveValue('ZG');
  });
});

describe('Campaign page', { timeout: 30_000 }, () => {
  beforeEach(() => {
    resetStores();
    signIn();
    toast.dismiss();
  });

  it("shows each wave's counts and moves them live; a halt says why, prominently", async () => {
    serve({ campaigns: [campaign()] });
    renderApp(['/campaigns/cmp-1']);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Spring upgrade' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    const canary = screen.getByTestId('wave-0');
    expect(within(canary).getByText('Canary')).toBeInTheDocument();
    expect(canary).toHaveAttribute('data-complete', 'false');
    expect(within(screen.getByTestId('wave-2')).getByText('Not started')).toBeInTheDocument();
    expect(await screen.findByText('No router has failed.')).toBeInTheDocument();

    act(() => FakeWebSocket.last.open());
    const halted = campaign({
      state: 'halted',
      reason: 'The canary failed on 1 of 3 routers (33%), above the 5% threshold.',
      counts: { total: 30, pending: 27, upgrading: 0, upgraded: 2, failed: 1 },
      waveCounts: [
        wave(0, {
          total: 3,
          pending: 0,
          upgraded: 2,
          failed: 1,
          startedAt: 'x',
          finishedAt: '2026-01-01T00:01:00.000Z',
        }),
        wave(1, { total: 12, pending: 12 }),
        wave(2, { total: 15, pending: 15 }),
      ],
    });
    act(() =>
      FakeWebSocket.last.receive(
        JSON.stringify({ type: 'campaign_update', timestamp: 't', payload: halted }),
      ),
    );
    const reason = await screen.findByTestId('campaign-reason');
    expect(reason).toHaveAttribute('role', 'alert');
    expect(reason).toHaveTextContent('Halted: no further wave starts until you resume.');
    expect(reason).toHaveTextContent('The canary failed on 1 of 3 routers (33%), above the 5% threshold.');
    expect(screen.getByTestId('wave-0')).toHaveAttribute('data-complete', 'true');
    expect(within(screen.getByTestId('wave-0')).getByTestId('wave-failed')).toHaveTextContent('1');
    expect(screen.getByRole('button', { name: 'Resume' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry Failed' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pause' })).toBeNull();
  });

  it('lists the failures with their reasons', async () => {
    serve({
      campaigns: [campaign({ counts: { total: 30, pending: 26, upgrading: 0, upgraded: 2, failed: 2 } })],
      failures: 2,
    });
    renderApp(['/campaigns/cmp-1']);
    const rows = await screen.findAllByTestId('failure-row', {}, { timeout: 5000 });
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByTestId('failure-reason')).toHaveTextContent('CWMP fault 9010');
    expect(screen.getByTestId('failures-range')).toHaveTextContent('Showing 1 to 2 of 2 failed routers');
  });

  it('cancels only after a confirmation', async () => {
    const fetch = serve({ campaigns: [campaign()] });
    const user = userEvent.setup();
    renderApp(['/campaigns/cmp-1']);
    await user.click(await screen.findByRole('button', { name: 'Cancel Campaign' }, { timeout: 5000 }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel Campaign' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep Running' }));
    expect(fetch.requests.some((r) => pathOf(r).endsWith('/cancel'))).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Cancel Campaign' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel Campaign' }));
    expect(await screen.findByText('Campaign cancelled')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('campaign-state')).toHaveTextContent('Cancelled'));
    expect(screen.queryByRole('button', { name: 'Cancel Campaign' })).toBeNull();
  });

  it('says when the campaign does not exist', async () => {
    serve();
    renderApp(['/campaigns/nope']);
    expect(
      await screen.findByText(
        'This campaign does not exist (it may have been removed).',
        {},
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
  });
});
