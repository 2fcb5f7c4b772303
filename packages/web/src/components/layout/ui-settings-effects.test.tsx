import { act, screen } from '@testing-library/react';
import { toast as sonner } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/lib/toast';
import { UI_SETTINGS_DEFAULTS, useUiSettingsStore } from '@/stores/ui-settings-store';
import { FakeWebSocket } from '@/test/fake-websocket';
import { jsonResponse, stubFetch } from '@/test/fetch-stub';
import { renderApp, resetStores, signIn } from '@/test/render-app';

const STATS = {
  totalDevices: 1,
  onlineDevices: 1,
  provisioningDevices: 0,
  errorDevices: 0,
  pendingJobs: 0,
  completedJobs: 0,
  failedJobs: 0,
};

describe('UI settings take effect (issue 18)', () => {
  beforeEach(() => {
    resetStores();
    signIn();
    stubFetch(() => jsonResponse(200, STATS));
  });
  afterEach(() => useUiSettingsStore.setState({ ...UI_SETTINGS_DEFAULTS }));

  it('keeps the defaults of spec §9 until changed', () => {
    expect(useUiSettingsStore.getState()).toMatchObject({
      theme: 'light',
      refreshInterval: 30,
      showDebugInfo: false,
      enableWebSocket: true,
      notificationsEnabled: true,
    });
  });

  it('dark theme puts the dark class on the page, light takes it off', async () => {
    renderApp(['/']);
    await screen.findByTestId('dashboard-totalDevices');
    expect(document.documentElement).not.toHaveClass('dark');
    act(() => useUiSettingsStore.getState().update({ theme: 'dark' }));
    expect(document.documentElement).toHaveClass('dark');
    act(() => useUiSettingsStore.getState().update({ theme: 'light' }));
    expect(document.documentElement).not.toHaveClass('dark');
  });

  it('turning the WebSocket off closes the live channel (Disconnected); on reconnects', async () => {
    renderApp(['/']);
    await screen.findByTestId('dashboard-totalDevices');
    const first = FakeWebSocket.last;
    act(() => first.open());
    expect(screen.getByText('Connected')).toBeInTheDocument();

    act(() => useUiSettingsStore.getState().update({ enableWebSocket: false }));
    expect(first.closedWith?.code).toBe(1000);
    expect(screen.getByText('Disconnected')).toBeInTheDocument();

    act(() => useUiSettingsStore.getState().update({ enableWebSocket: true }));
    expect(FakeWebSocket.instances).toHaveLength(2);
    act(() => FakeWebSocket.last.open());
    expect(screen.getByText('Connected')).toBeInTheDocument();
  });

  it('shows the debug panel only when asked', async () => {
    renderApp(['/']);
    await screen.findByTestId('dashboard-totalDevices');
    expect(screen.queryByRole('complementary', { name: 'Debug information' })).toBeNull();
    act(() => useUiSettingsStore.getState().update({ showDebugInfo: true }));
    expect(screen.getByRole('complementary', { name: 'Debug information' })).toBeInTheDocument();
    expect(screen.getByTestId('debug-live')).toHaveTextContent('connecting');
  });

  it('notifications off silences success toasts, never errors', () => {
    const success = vi.spyOn(sonner, 'success').mockReturnValue(1);
    const error = vi.spyOn(sonner, 'error').mockReturnValue(2);
    toast.success('Saved');
    expect(success).toHaveBeenCalledTimes(1);

    useUiSettingsStore.getState().update({ notificationsEnabled: false });
    toast.success('Saved again');
    toast.error('Failed');
    expect(success).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalledWith('Failed');
  });
});
