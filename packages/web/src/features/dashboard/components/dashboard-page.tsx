import { PageHeader } from '@/components/ui/page-header';

// Placeholder until the Dashboard screen is built (spec §2 "Dashboard").
export function DashboardPage() {
  return <PageHeader title="Dashboard" subtitle="TR-069 ACS system overview and device statistics" />;
}
