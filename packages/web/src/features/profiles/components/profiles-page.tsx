import { PageHeader } from '@/components/ui/page-header';

// Placeholder until the Profiles screen is built (spec §2 "Profiles").
export function ProfilesPage() {
  return <PageHeader title="Profiles" />;
}
