import { useLiveStatus } from '@/hooks/use-live';
import { useUiSettingsStore } from '@/stores/ui-settings-store';

/** UI Settings "showDebugInfo": what the console runs as, for a support call. */
export function DebugPanel() {
  const show = useUiSettingsStore((state) => state.showDebugInfo);
  const refreshInterval = useUiSettingsStore((state) => state.refreshInterval);
  const liveEnabled = useUiSettingsStore((state) => state.enableWebSocket);
  const status = useLiveStatus();
  if (!show) return null;
  return (
    <aside
      aria-label="Debug information"
      className="border-t border-slate-200 bg-slate-100 px-4 py-2 font-mono text-xs text-slate-600 sm:px-6"
    >
      <dl className="flex flex-wrap gap-x-6 gap-y-1">
        <div className="flex gap-1">
          <dt>build:</dt>
          <dd>{import.meta.env.MODE}</dd>
        </div>
        <div className="flex gap-1">
          <dt>live channel:</dt>
          <dd data-testid="debug-live">{liveEnabled ? status : 'off'}</dd>
        </div>
        <div className="flex gap-1">
          <dt>refresh:</dt>
          <dd>{refreshInterval} s</dd>
        </div>
        <div className="flex gap-1">
          <dt>page:</dt>
          <dd>{window.location.pathname}</dd>
        </div>
      </dl>
    </aside>
  );
}
