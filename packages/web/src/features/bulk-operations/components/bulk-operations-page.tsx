import { PageHeader } from '@/components/ui/page-header';

// Placeholder until the Bulk Operations screen is built (spec §2 "Bulk Operations").
export function BulkOperationsPage() {
  return <PageHeader title="Bulk Operations" />;
}
