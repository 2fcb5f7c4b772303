import { create } from 'zustand';
import type { LiveStatus } from '@/lib/live-client';

/**
 * UI state: the live channel's connection status, shown by the header's indicator (spec §4), and since
 * when the channel has been lost (`lostAt`, ms since the epoch): from leaving "Connected" until it is
 * back, what the screens show may be out of date. Null before the first connection and while connected.
 */
export interface LiveStatusState {
  status: LiveStatus;
  lostAt: number | null;
  setStatus: (status: LiveStatus) => void;
}

export const useLiveStatusStore = create<LiveStatusState>()((set, get) => ({
  status: 'disconnected',
  lostAt: null,
  setStatus: (status) => {
    const { status: before, lostAt } = get();
    if (status === 'connected') set({ status, lostAt: null });
    else if (before === 'connected' && lostAt === null) set({ status, lostAt: Date.now() });
    else set({ status });
  },
}));
