import { Plus, Trash2 } from 'lucide-react';
import { buttonClass } from '@/components/ui/button';
import { inputClass } from '@/components/ui/form-field';
import { emptyMappingRow, type MappingRow } from '../lib/template-form';
import type { MappingType } from '@provisor/server/contract';
import { MAPPING_TYPES } from '../lib/template-options';

export interface MappingEditorProps {
  rows: MappingRow[];
  onChange: (rows: MappingRow[]) => void;
}

const cell = `${inputClass} py-1.5`;

/** Rows of field, CWMP parameter, type, required and default value (spec §3 Mapping entry). */
export function MappingEditor({ rows, onChange }: MappingEditorProps) {
  const update = (key: number, change: Partial<MappingRow>) =>
    onChange(rows.map((row) => (row.key === key ? { ...row, ...change } : row)));

  return (
    <fieldset className="space-y-2">
      <div className="flex items-center justify-between">
        <legend className="text-sm font-medium text-slate-700">Mapping</legend>
        <button
          type="button"
          className={buttonClass('secondary', 'sm')}
          onClick={() => onChange([...rows, emptyMappingRow()])}
        >
          <Plus aria-hidden="true" className="h-4 w-4" />
          Add Mapping
        </button>
      </div>
      {rows.length === 0 ? (
        <p className="rounded-md bg-slate-50 px-3 py-2 text-xs text-slate-500">
          No mapping entries: profile values are not sent to devices until a field is mapped to a parameter.
        </p>
      ) : (
        <ul className="space-y-2">
          {rows.map((row, index) => {
            const n = index + 1;
            return (
              <li
                key={row.key}
                data-testid="mapping-row"
                className="grid grid-cols-2 gap-2 rounded-md bg-slate-50 p-2 ring-1 ring-slate-200 sm:grid-cols-[1fr_2fr_auto]"
              >
                <input
                  aria-label={`Field ${n}`}
                  placeholder="wifi_ssid"
                  className={cell}
                  value={row.field}
                  onChange={(event) => update(row.key, { field: event.target.value })}
                />
                <input
                  aria-label={`Parameter ${n}`}
                  placeholder="Device.WiFi.SSID.1.SSID"
                  className={`${cell} font-mono text-xs`}
                  value={row.param}
                  onChange={(event) => update(row.key, { param: event.target.value })}
                />
                <select
                  aria-label={`Type ${n}`}
                  className={`${cell} sm:w-28`}
                  value={row.type}
                  onChange={(event) => update(row.key, { type: event.target.value as MappingType })}
                >
                  {MAPPING_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {type}
                    </option>
                  ))}
                </select>
                <input
                  aria-label={`Default value ${n}`}
                  placeholder="Default value"
                  className={cell}
                  value={row.defaultValue}
                  onChange={(event) => update(row.key, { defaultValue: event.target.value })}
                />
                <label className="flex items-center gap-2 text-sm text-slate-700">
                  <input
                    type="checkbox"
                    aria-label={`Required ${n}`}
                    className="h-4 w-4 rounded border-slate-300"
                    checked={row.required}
                    onChange={(event) => update(row.key, { required: event.target.checked })}
                  />
                  <span aria-hidden="true">Required</span>
                </label>
                <button
                  type="button"
                  aria-label={`Remove mapping ${n}`}
                  className={`${buttonClass('ghost', 'icon')} justify-self-end`}
                  onClick={() => onChange(rows.filter((other) => other.key !== row.key))}
                >
                  <Trash2 aria-hidden="true" className="h-4 w-4" />
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </fieldset>
  );
}
