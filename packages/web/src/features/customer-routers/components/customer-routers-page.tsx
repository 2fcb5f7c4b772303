import { PageHeader } from '@/components/ui/page-header';

// Placeholder until the Customer Routers screen is built (spec §2 "Customer Routers").
export function CustomerRoutersPage() {
  return <PageHeader title="Customer Routers" />;
}
