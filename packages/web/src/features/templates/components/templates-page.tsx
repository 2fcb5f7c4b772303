import { PageHeader } from '@/components/ui/page-header';

// Placeholder until the Templates screen is built (spec §2 "Templates").
export function TemplatesPage() {
  return (
    <PageHeader title="Templates" subtitle="Configuration templates for automatic device provisioning" />
  );
}
