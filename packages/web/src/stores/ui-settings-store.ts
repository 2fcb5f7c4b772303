import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** spec §3 Settings "ui": kept in the browser only (the server has no ui section). */
export type Theme = 'light' | 'dark' | 'system';

export interface UiSettings {
  theme: Theme;
  /** Seconds between refetches of the Dashboard and the device list (spec §5: 5 to 300). */
  refreshInterval: number;
  showDebugInfo: boolean;
  enableWebSocket: boolean;
  notificationsEnabled: boolean;
}

/** spec §9 "Settings defaults": theme light, refresh 30 s, websocket and notifications on, debug off. */
export const UI_SETTINGS_DEFAULTS: UiSettings = {
  theme: 'light',
  refreshInterval: 30,
  showDebugInfo: false,
  enableWebSocket: true,
  notificationsEnabled: true,
};

/** spec §5 Settings: the refresh interval's range, in seconds. */
export const REFRESH_INTERVAL_MIN = 5;
export const REFRESH_INTERVAL_MAX = 300;

export const UI_SETTINGS_STORAGE_KEY = 'ui-settings';

export interface UiSettingsState extends UiSettings {
  update: (changes: Partial<UiSettings>) => void;
}

export const useUiSettingsStore = create<UiSettingsState>()(
  persist(
    (set) => ({
      ...UI_SETTINGS_DEFAULTS,
      update: (changes) => set(changes),
    }),
    {
      name: UI_SETTINGS_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ theme, refreshInterval, showDebugInfo, enableWebSocket, notificationsEnabled }) => ({
        theme,
        refreshInterval,
        showDebugInfo,
        enableWebSocket,
        notificationsEnabled,
      }),
    },
  ),
);

/** The refetch interval of the Dashboard and the device list, in ms (spec §9: 30 s unless changed). */
export const useRefreshIntervalMs = (): number => useUiSettingsStore((state) => state.refreshInterval) * 1000;
