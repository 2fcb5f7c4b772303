import { PageHeader } from '@/components/ui/page-header';

// Placeholder until the Provisioning screen is built (spec §2 "Provisioning").
export function ProvisioningPage() {
  return <PageHeader title="Provisioning" />;
}
