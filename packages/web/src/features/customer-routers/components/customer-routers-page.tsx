import { CircleAlert, CircleCheck, X } from 'lucide-react';
import { useId, useState } from 'react';
import { PageHeader } from '@/components/ui/page-header';
import { DeviceAssignmentTab } from './device-assignment-tab';
import { ManageProfilesTab } from './manage-profiles-tab';
import { ManualCreationTab } from './manual-creation-tab';
import { ImportCsvTab } from './import-csv-tab';
import { useBanner, type Banner } from './use-banner';

const TABS = [
  { id: 'import', label: 'Import CSV' },
  { id: 'manual', label: 'Manual Creation' },
  { id: 'assign', label: 'Device Assignment' },
  { id: 'manage', label: 'Manage Profiles' },
] as const;
type TabId = (typeof TABS)[number]['id'];

function BannerLine({ banner, onDismiss }: { banner: Banner; onDismiss: () => void }) {
  const ok = banner.kind === 'success';
  const Icon = ok ? CircleCheck : CircleAlert;
  return (
    <div
      role={ok ? 'status' : 'alert'}
      data-testid="customer-banner"
      className={`flex items-start gap-2 rounded-md p-3 text-sm ring-1 ring-inset ${
        ok ? 'bg-green-50 text-green-800 ring-green-200' : 'bg-red-50 text-red-800 ring-red-200'
      }`}
    >
      <Icon aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
      <p className="min-w-0 flex-1 break-words">{banner.text}</p>
      <button type="button" aria-label="Dismiss message" className="shrink-0" onClick={onDismiss}>
        <X aria-hidden="true" className="h-4 w-4" />
      </button>
    </div>
  );
}

/**
 * spec §2 Customer Routers (issue 17 points 1, 3, 5, 6): customer profiles made by hand, routers
 * assigned to them, and the list of them. Every tab stays mounted so that switching tabs loses
 * nothing typed.
 */
export function CustomerRoutersPage() {
  const [tab, setTab] = useState<TabId>('manual');
  const { banner, show, clear } = useBanner();
  const id = useId();

  return (
    <div className="min-w-0 space-y-6">
      <PageHeader
        title="Customer Routers"
        subtitle="Each customer's router gets the Wi-Fi name GT_ followed by the surname (GT_Horvat) and a profile named Korisnik-{surname}."
      />
      {banner ? <BannerLine banner={banner} onDismiss={clear} /> : null}
      <div
        role="tablist"
        aria-label="Customer router tasks"
        className="flex flex-wrap gap-x-1 border-b border-slate-200"
      >
        {TABS.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={`${id}-tab-${t.id}`}
            aria-controls={`${id}-panel-${t.id}`}
            aria-selected={tab === t.id}
            className={`-mb-px shrink-0 border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap ${
              tab === t.id
                ? 'border-blue-600 text-blue-700'
                : 'border-transparent text-slate-600 hover:text-slate-900'
            }`}
            onClick={() => setTab(t.id)}
          >
            {t.label}
          </button>
        ))}
      </div>
      {TABS.map((t) => (
        <section
          key={t.id}
          role="tabpanel"
          id={`${id}-panel-${t.id}`}
          aria-labelledby={`${id}-tab-${t.id}`}
          hidden={tab !== t.id}
          className="min-w-0"
        >
          {t.id === 'import' ? <ImportCsvTab onBanner={show} /> : null}
          {t.id === 'manual' ? <ManualCreationTab onBanner={show} /> : null}
          {t.id === 'assign' ? <DeviceAssignmentTab onBanner={show} /> : null}
          {t.id === 'manage' ? <ManageProfilesTab onBanner={show} /> : null}
        </section>
      ))}
    </div>
  );
}
