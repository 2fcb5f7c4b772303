import {
  Boxes,
  CloudUpload,
  FileCode,
  LayoutDashboard,
  Layers,
  Rocket,
  ScrollText,
  Router,
  Users,
  type LucideIcon,
} from 'lucide-react';
import type { Permission } from '@provisor/server/contract';

export interface NavItem {
  label: string;
  to: string;
  icon: LucideIcon;
  /** Shown only to a role known to have it (issue 22); absent: everyone. */
  permission?: Permission;
}

/** spec §2 "Authenticated shell": the sidebar's links, in order (then the screens beyond the spec). */
export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Dashboard', to: '/', icon: LayoutDashboard },
  { label: 'Devices', to: '/devices', icon: Router },
  { label: 'Templates', to: '/templates', icon: FileCode },
  { label: 'Profiles', to: '/profiles', icon: Layers },
  { label: 'Provisioning', to: '/provisioning', icon: Rocket },
  { label: 'Customer Routers', to: '/customer-routers', icon: Users },
  { label: 'Bulk Operations', to: '/bulk-operations', icon: Boxes },
  // Issue 21, beyond the spec: after the spec's links.
  { label: 'Campaigns', to: '/campaigns', icon: CloudUpload },
  // Issue 22: the audit trail, for admins.
  { label: 'Audit Log', to: '/audit', icon: ScrollText, permission: 'admin' },
];
