import { PageHeader } from '@/components/ui/page-header';

// Placeholder until the Settings screen is built (spec §2 "Settings").
export function SettingsPage() {
  return <PageHeader title="Settings" />;
}
