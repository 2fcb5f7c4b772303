import { DeviceStatusBadge } from '@/components/status-badge';
import { inputClass } from '@/components/ui/form-field';
import type { Device } from '@provisor/server/contract';
import type { AssignmentChoices } from './use-assignment-choices';

export interface AssignmentProfileChoice {
  id: string;
  /** What the dropdown shows (Customer Routers: the GT_ SSID; Bulk Operations: the profile's name). */
  label: string;
}

/**
 * The unassigned devices with a tick and a profile dropdown each (spec §2: checkbox, vendor/model and
 * short id, serial, status, dropdown), shared by Customer Routers and Bulk Operations.
 */
export function AssignmentTable({
  devices,
  profiles,
  placeholder,
  state,
}: {
  devices: readonly Device[];
  profiles: readonly AssignmentProfileChoice[];
  /** The dropdown's empty choice (spec: "Select a profile" on Customer Routers). */
  placeholder: string;
  state: AssignmentChoices;
}) {
  return (
    <div className="max-h-[32rem] overflow-auto rounded-md ring-1 ring-slate-200">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <thead className="bg-slate-50 text-left text-xs font-medium tracking-wide text-slate-500 uppercase">
          <tr>
            <th scope="col" className="w-10 px-3 py-2">
              <input
                type="checkbox"
                aria-label="Select all"
                checked={state.allSelected}
                onChange={(e) => state.selectAll(e.target.checked)}
              />
            </th>
            <th scope="col" className="px-3 py-2">
              Device
            </th>
            <th scope="col" className="px-3 py-2">
              Serial Number
            </th>
            <th scope="col" className="px-3 py-2">
              Status
            </th>
            <th scope="col" className="px-3 py-2">
              Profile
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {devices.map((d) => (
            <tr key={d.id} data-testid={`unassigned-${d.serialNumber}`}>
              <td className="px-3 py-2">
                <input
                  type="checkbox"
                  aria-label={`Select ${d.serialNumber}`}
                  checked={state.selected.has(d.id)}
                  onChange={(e) => state.toggle(d.id, e.target.checked)}
                />
              </td>
              <td className="px-3 py-2 whitespace-nowrap">
                <div className="font-medium text-slate-900">
                  {[d.vendor, d.model || d.productClass].filter(Boolean).join(' ')}
                </div>
                <div className="font-mono text-xs text-slate-500" title={d.id}>
                  {d.id.slice(0, 8)}
                </div>
              </td>
              <td className="px-3 py-2 font-mono whitespace-nowrap text-slate-900">{d.serialNumber}</td>
              <td className="px-3 py-2">
                <DeviceStatusBadge status={d.status} />
              </td>
              <td className="px-3 py-2">
                <select
                  aria-label={`Profile for ${d.serialNumber}`}
                  className={`${inputClass} min-w-48`}
                  value={state.choices.get(d.id) ?? ''}
                  onChange={(e) => state.choose(d.id, e.target.value)}
                >
                  <option value="">{placeholder}</option>
                  {profiles.map((p) => (
                    <option key={p.id} value={p.id}>
                      {p.label}
                    </option>
                  ))}
                </select>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
