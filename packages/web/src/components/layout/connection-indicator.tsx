import { CircleAlert, LoaderCircle, RefreshCw, Wifi, WifiOff, type LucideIcon } from 'lucide-react';
import { useLiveClient, useLiveStatus } from '@/hooks/use-live';
import type { LiveStatus } from '@/lib/live-client';

interface IndicatorLook {
  label: string;
  icon: LucideIcon;
  className: string;
  spin?: boolean;
}

/** spec §4 "Live connection indicator". */
export const INDICATOR: Record<LiveStatus, IndicatorLook> = {
  connecting: {
    label: 'Connecting...',
    icon: LoaderCircle,
    className: 'bg-yellow-50 text-yellow-800 ring-yellow-200',
    spin: true,
  },
  error: { label: 'Connection Error', icon: CircleAlert, className: 'bg-red-50 text-red-700 ring-red-200' },
  connected: { label: 'Connected', icon: Wifi, className: 'bg-green-50 text-green-700 ring-green-200' },
  disconnected: {
    label: 'Disconnected',
    icon: WifiOff,
    className: 'bg-slate-100 text-slate-600 ring-slate-200',
  },
};

/** The indicator, and beside it, while the channel is down, a Reconnect action (a new round of attempts). */
export function ConnectionIndicator() {
  const status = useLiveStatus();
  const client = useLiveClient();
  const down = status === 'error' || status === 'disconnected';
  return (
    <span className="inline-flex items-center gap-1.5">
      <StatusPill status={status} />
      {down ? (
        <button
          type="button"
          aria-label="Reconnect"
          onClick={() => client.reconnectNow()}
          className="inline-flex items-center gap-1 rounded-full px-2 py-1 text-xs font-medium text-slate-700 ring-1 ring-inset ring-slate-300 transition-colors hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
        >
          <RefreshCw aria-hidden="true" className="h-3.5 w-3.5" />
          <span className="hidden sm:inline">Reconnect</span>
        </button>
      ) : null}
    </span>
  );
}

function StatusPill({ status }: { status: LiveStatus }) {
  const { label, icon: Icon, className, spin } = INDICATOR[status];
  return (
    <span
      role="status"
      aria-live="polite"
      data-status={status}
      className={`inline-flex items-center gap-1.5 whitespace-nowrap rounded-full px-2.5 py-1 text-xs font-medium ring-1 ring-inset ${className}`}
    >
      <Icon aria-hidden="true" className={`h-3.5 w-3.5 ${spin ? 'animate-spin' : ''}`} />
      <span>{label}</span>
    </span>
  );
}
