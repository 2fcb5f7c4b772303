import { PageHeader } from '@/components/ui/page-header';

// Placeholder until the Devices screen is built (spec §2 "Devices").
export function DevicesPage() {
  return <PageHeader title="Devices" subtitle="Manage and monitor your TR-069 CPE devices" />;
}
