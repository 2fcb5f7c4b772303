import { CircleAlert, LoaderCircle, Wifi, WifiOff, type LucideIcon } from 'lucide-react';
import { useLiveStatus } from '@/hooks/use-live';
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

export function ConnectionIndicator() {
  const status = useLiveStatus();
  const { label, icon: Icon, className, spin } = INDICATOR[status];
  return (
    <span
      role="status"
      aria-live="polite"
      data-status={status}
      className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-medium ring-1 ring-inset ${className}`}
    >
      <Icon aria-hidden="true" className={`h-3.5 w-3.5 ${spin ? 'animate-spin' : ''}`} />
      <span>{label}</span>
    </span>
  );
}
