import { useState } from 'react';
import { PageHeader } from '@/components/ui/page-header';
import type { DeviceFilter } from '@provisor/server/contract';
import { DevicePicker } from '@/components/device-picker/device-picker';
import { NO_DEVICES, type Selection } from '@/components/device-picker/selection';
import { emptyForm, type OperationForm } from '../lib/operation-form';
import { JobsPanel } from './jobs-panel';
import { OperationPanel } from './operation-panel';

/**
 * spec §2 Provisioning (mass deployment and bulk operations): pick devices, run one operation on
 * them all, and watch its jobs (issue 16 points 1-3).
 */
export function ProvisioningPage() {
  const [filter, setFilter] = useState<DeviceFilter>({});
  const [selection, setSelection] = useState<Selection>(NO_DEVICES);
  const [form, setForm] = useState<OperationForm>(emptyForm);

  return (
    <div className="min-w-0 space-y-6">
      <PageHeader title="Provisioning" subtitle="Mass deployment and bulk operations" />
      <div className="grid min-w-0 gap-6 lg:grid-cols-2">
        <DevicePicker
          filter={filter}
          onFilter={(update) => {
            setFilter(update);
            // A new search or status names other devices: what was picked under the old one is dropped
            // rather than acted on unseen.
            setSelection(NO_DEVICES);
          }}
          selection={selection}
          onSelection={setSelection}
        />
        <OperationPanel
          selection={selection}
          form={form}
          onForm={setForm}
          onDone={() => setSelection(NO_DEVICES)}
        />
      </div>
      <JobsPanel />
    </div>
  );
}
