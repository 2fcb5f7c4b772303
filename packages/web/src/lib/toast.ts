// The console's toasts: sonner's, with UI Settings "notificationsEnabled" (issue 18) applied. Off
// silences the success toasts only: a failure is always shown.
import { toast as sonner } from 'sonner';
import { useUiSettingsStore } from '@/stores/ui-settings-store';

const silenced = (): string | number => '';

// A proxy, not a copy: each call reads sonner's method at that moment (tests spy on it).
export const toast: typeof sonner = new Proxy(sonner, {
  get(target, property, receiver) {
    if (property === 'success' && !useUiSettingsStore.getState().notificationsEnabled) return silenced;
    return Reflect.get(target, property, receiver) as unknown;
  },
});
