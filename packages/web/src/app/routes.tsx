import { Navigate, type RouteObject } from 'react-router';
import { AppLayout } from '@/components/layout/app-layout';
import { LoginPage } from '@/features/auth/components/login-page';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { BulkOperationsPage } from '@/features/bulk-operations/components/bulk-operations-page';
import { CustomerRoutersPage } from '@/features/customer-routers/components/customer-routers-page';
import { DashboardPage } from '@/features/dashboard/components/dashboard-page';
import { DevicePage } from '@/features/devices/components/device-page';
import { DevicesPage } from '@/features/devices/components/devices-page';
import { ProfilesPage } from '@/features/profiles/components/profiles-page';
import { ProvisioningPage } from '@/features/provisioning/components/provisioning-page';
import { SettingsPage } from '@/features/settings/components/settings-page';
import { TemplatesPage } from '@/features/templates/components/templates-page';

/** spec §2 "Route table": /login is public; everything else sits in the guarded layout. */
export const routes: RouteObject[] = [
  { path: '/login', element: <LoginPage /> },
  {
    path: '/',
    element: (
      <RequireAuth>
        <AppLayout />
      </RequireAuth>
    ),
    children: [
      { index: true, element: <DashboardPage /> },
      { path: 'devices', element: <DevicesPage /> },
      { path: 'devices/:id', element: <DevicePage /> },
      { path: 'templates', element: <TemplatesPage /> },
      { path: 'profiles', element: <ProfilesPage /> },
      { path: 'provisioning', element: <ProvisioningPage /> },
      { path: 'customer-routers', element: <CustomerRoutersPage /> },
      { path: 'bulk-operations', element: <BulkOperationsPage /> },
      { path: 'settings', element: <SettingsPage /> },
    ],
  },
  { path: '*', element: <Navigate to="/" replace /> },
];
