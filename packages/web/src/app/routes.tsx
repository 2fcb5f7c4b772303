import { lazy, type ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { AppLayout } from '@/components/layout/app-layout';
import { ScreenError } from '@/components/layout/screen-error';
import { LoginPage } from '@/features/auth/components/login-page';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { DashboardPage } from '@/features/dashboard/components/dashboard-page';

/**
 * A screen in its own chunk, loaded on first visit. The layout's <Suspense> shows a spinner in the
 * content area meanwhile (components/layout/app-layout.tsx); the shell stays on screen. A chunk that
 * cannot be loaded rejects the import and the shell's error element says so (createRoutes below).
 */
export function lazyScreen<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(async () => ({ default: (await load())[name] }));
}

// The first page (login, the shell, the Dashboard) is in the entry chunk; every other screen is lazy.
const DevicesPage = lazyScreen(() => import('@/features/devices/components/devices-page'), 'DevicesPage');
const DevicePage = lazyScreen(() => import('@/features/devices/components/device-page'), 'DevicePage');
const TemplatesPage = lazyScreen(
  () => import('@/features/templates/components/templates-page'),
  'TemplatesPage',
);
const ProfilesPage = lazyScreen(() => import('@/features/profiles/components/profiles-page'), 'ProfilesPage');
const ProvisioningPage = lazyScreen(
  () => import('@/features/provisioning/components/provisioning-page'),
  'ProvisioningPage',
);
const CustomerRoutersPage = lazyScreen(
  () => import('@/features/customer-routers/components/customer-routers-page'),
  'CustomerRoutersPage',
);
const BulkOperationsPage = lazyScreen(
  () => import('@/features/bulk-operations/components/bulk-operations-page'),
  'BulkOperationsPage',
);
const CampaignsPage = lazyScreen(
  () => import('@/features/campaigns/components/campaigns-page'),
  'CampaignsPage',
);
const CampaignPage = lazyScreen(
  () => import('@/features/campaigns/components/campaign-page'),
  'CampaignPage',
);
const AuditPage = lazyScreen(() => import('@/features/audit/components/audit-page'), 'AuditPage');
const SettingsPage = lazyScreen(() => import('@/features/settings/components/settings-page'), 'SettingsPage');

/** The screens inside the shell, spec §2 "Route table". */
export const screenRoutes: RouteObject[] = [
  { index: true, element: <DashboardPage /> },
  { path: 'devices', element: <DevicesPage /> },
  { path: 'devices/:id', element: <DevicePage /> },
  { path: 'templates', element: <TemplatesPage /> },
  { path: 'profiles', element: <ProfilesPage /> },
  { path: 'provisioning', element: <ProvisioningPage /> },
  { path: 'customer-routers', element: <CustomerRoutersPage /> },
  { path: 'bulk-operations', element: <BulkOperationsPage /> },
  { path: 'campaigns', element: <CampaignsPage /> },
  { path: 'campaigns/:id', element: <CampaignPage /> },
  { path: 'settings', element: <SettingsPage /> },
  { path: 'audit', element: <AuditPage /> },
];

/** spec §2 "Route table": /login is public; `screens` sit in the guarded layout. */
export function createRoutes(screens: RouteObject[]): RouteObject[] {
  return [
    { path: '/login', element: <LoginPage /> },
    {
      path: '/',
      element: (
        <RequireAuth>
          <AppLayout />
        </RequireAuth>
      ),
      // A pathless route: its error element renders in the layout's <Outlet>, so a screen that fails
      // (or whose chunk cannot be loaded) leaves the header and sidebar in place.
      children: [{ errorElement: <ScreenError />, children: screens }],
    },
    { path: '*', element: <Navigate to="/" replace /> },
  ];
}

export const routes = createRoutes(screenRoutes);
