import { create } from 'zustand';
import type { LiveStatus } from '@/lib/live-client';

/** UI state: the live channel's connection status, shown by the header's indicator (spec §4). */
export interface LiveStatusState {
  status: LiveStatus;
  setStatus: (status: LiveStatus) => void;
}

export const useLiveStatusStore = create<LiveStatusState>()((set) => ({
  status: 'disconnected',
  setStatus: (status) => set({ status }),
}));
