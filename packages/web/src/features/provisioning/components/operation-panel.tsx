import { CircleAlert, Play, Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from '@/lib/toast';
import { buttonClass } from '@/components/ui/button';
import { ErrorBanner } from '@/components/ui/error-banner';
import { FormField, inputClass } from '@/components/ui/form-field';
import { useFirmwareFiles } from '@/api/get-firmware-files';
import { useProfileChoices } from '@/api/get-profile-choices';
import { useRunBulkOperation, type BulkOutcome } from '../api/run-bulk-operation';
import { formatBytes } from '@/lib/format';
import { serverDetail } from '@/lib/api-error';
import {
  buildBulkRequest,
  EXPORT_FORMATS,
  OPERATION_LABELS,
  OPERATIONS,
  showsFailureBanner,
  type Operation,
  type OperationForm,
} from '../lib/operation-form';
import { selectionIsEmpty, type Selection } from '@/components/device-picker/selection';
import { useGuard } from '@/hooks/use-role';

export interface OperationPanelProps {
  selection: Selection;
  form: OperationForm;
  onForm: (form: OperationForm) => void;
  /** spec §2: on success the selection is cleared. */
  onDone: () => void;
}

/** What a non-bannered failure is called in its message (spec §2: no banner for these two). */
const QUIET_FAILURE: Partial<Record<Operation, string>> = {
  firmware: 'Firmware upgrade failed',
  profile: 'Profile assignment failed',
};

function announce(operation: Operation, outcome: BulkOutcome): void {
  if (outcome.kind === 'export') {
    toast.success('Export downloaded', { description: outcome.fileName });
    return;
  }
  const { created, failed } = outcome.answer;
  const jobs = `${created} job${created === 1 ? '' : 's'} created`;
  const description = failed > 0 ? `${jobs}, ${failed} failed` : jobs;
  if (created === 0) toast.error(`${OPERATION_LABELS[operation]} operation failed`, { description });
  else toast.success(`${OPERATION_LABELS[operation]} operation started`, { description });
}

/** spec §2 Provisioning: the operation tabs, the Execute Operation button and the failure banner. */
export function OperationPanel({ selection, form, onForm, onDone }: OperationPanelProps) {
  // Issue 22: changes are for a role that may make them; others see why.
  const guard = useGuard();
  const [operation, setOperation] = useState<Operation>('parameters');
  const [invalid, setInvalid] = useState<string | null>(null);
  const run = useRunBulkOperation();
  const tabsId = useId();
  const update = (changes: Partial<OperationForm>) => {
    setInvalid(null);
    onForm({ ...form, ...changes });
  };

  const execute = () => {
    run.reset();
    const built = buildBulkRequest(operation, form, selection);
    if ('error' in built) {
      setInvalid(built.error);
      return;
    }
    setInvalid(null);
    run.mutate(built.request, {
      onSuccess: (outcome) => {
        announce(operation, outcome);
        onDone();
      },
      onError: (error) => {
        const quiet = QUIET_FAILURE[operation];
        if (quiet) toast.error(quiet, { description: serverDetail(error) });
      },
    });
  };

  const failedOperation = run.isError ? run.variables?.operation : undefined;
  const detail = run.isError ? serverDetail(run.error) : undefined;

  return (
    <section
      aria-label="Operation"
      className="flex min-w-0 flex-col rounded-lg bg-white shadow-sm ring-1 ring-slate-200"
    >
      <div role="tablist" aria-label="Operation" className="flex flex-wrap border-b border-slate-200 px-2">
        {OPERATIONS.map((value) => (
          <button
            key={value}
            type="button"
            role="tab"
            id={`${tabsId}-${value}`}
            aria-selected={operation === value}
            aria-controls={`${tabsId}-panel`}
            className={`shrink-0 border-b-2 px-3 py-3 text-sm font-medium ${
              operation === value
                ? 'border-blue-600 text-blue-700'
                : 'border-transparent text-slate-600 hover:text-slate-900'
            }`}
            onClick={() => {
              setOperation(value);
              setInvalid(null);
              run.reset();
            }}
          >
            {OPERATION_LABELS[value]}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${tabsId}-panel`}
        aria-labelledby={`${tabsId}-${operation}`}
        className="space-y-4 p-4"
      >
        {operation === 'parameters' ? <ParametersForm form={form} onChange={update} /> : null}
        {operation === 'reboot' ? (
          <p className="text-sm text-slate-600">
            Each selected device restarts and reports back with a 1 BOOT Inform.
          </p>
        ) : null}
        {operation === 'firmware' ? <FirmwareForm form={form} onChange={update} /> : null}
        {operation === 'profile' ? <ProfileForm form={form} onChange={update} /> : null}
        {operation === 'export' ? (
          <FormField label="Format">
            {(field) => (
              <select
                {...field}
                className={`${inputClass} sm:w-48`}
                value={form.format}
                onChange={(event) =>
                  update({ format: EXPORT_FORMATS.find((f) => f === event.target.value) ?? 'csv' })
                }
              >
                {EXPORT_FORMATS.map((format) => (
                  <option key={format} value={format}>
                    {format.toUpperCase()}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        ) : null}

        {invalid ? (
          <p role="alert" className="flex items-center gap-2 text-sm font-medium text-red-700">
            <CircleAlert aria-hidden="true" className="h-4 w-4 shrink-0" />
            {invalid}
          </p>
        ) : null}
        {failedOperation && showsFailureBanner(failedOperation) ? (
          <ErrorBanner
            title="Bulk operation failed"
            items={['Please check your network connection and try again.', ...(detail ? [detail] : [])]}
          />
        ) : null}

        <div className="flex justify-end border-t border-slate-100 pt-4">
          <button
            type="button"
            className={buttonClass('primary')}
            title={guard.title}
            disabled={guard.disabled || selectionIsEmpty(selection) || run.isPending}
            onClick={execute}
          >
            <Play aria-hidden="true" className="h-4 w-4" />
            {run.isPending ? 'Executing...' : 'Execute Operation'}
          </button>
        </div>
      </div>
    </section>
  );
}

interface FormProps {
  form: OperationForm;
  onChange: (changes: Partial<OperationForm>) => void;
}

/** spec §2: name/value rows, add and remove, at least one row always kept. */
function ParametersForm({ form, onChange }: FormProps) {
  const rows = form.parameters;
  const setRow = (key: number, changes: { name?: string; value?: string }) =>
    onChange({ parameters: rows.map((row) => (row.key === key ? { ...row, ...changes } : row)) });
  return (
    <div className="space-y-3">
      {rows.map((row, index) => (
        <div key={row.key} className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <input
            className={`${inputClass} sm:flex-[3]`}
            aria-label={`Parameter name ${index + 1}`}
            placeholder="Device.ManagementServer.PeriodicInformInterval"
            value={row.name}
            onChange={(event) => setRow(row.key, { name: event.target.value })}
          />
          <div className="flex gap-2 sm:flex-[2]">
            <input
              className={inputClass}
              aria-label={`Parameter value ${index + 1}`}
              placeholder="Value"
              value={row.value}
              onChange={(event) => setRow(row.key, { value: event.target.value })}
            />
            <button
              type="button"
              className={`${buttonClass('ghost', 'icon')} shrink-0 self-center`}
              aria-label={`Remove parameter ${index + 1}`}
              disabled={rows.length === 1}
              onClick={() => onChange({ parameters: rows.filter((r) => r.key !== row.key) })}
            >
              <Trash2 aria-hidden="true" className="h-4 w-4" />
            </button>
          </div>
        </div>
      ))}
      <button
        type="button"
        className={buttonClass('secondary', 'sm')}
        onClick={() =>
          onChange({
            parameters: [...rows, { key: Math.max(...rows.map((r) => r.key)) + 1, name: '', value: '' }],
          })
        }
      >
        <Plus aria-hidden="true" className="h-4 w-4" />
        Add Parameter
      </button>
    </div>
  );
}

/** spec §2: Firmware URL and Version; a stored firmware file fills the URL (issue 16 point 1). */
function FirmwareForm({ form, onChange }: FormProps) {
  const files = useFirmwareFiles();
  const chosen =
    form.firmwareFile && form.firmwareFile.url === form.firmwareUrl.trim() ? form.firmwareFile.id : '';
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <FormField
          label="Firmware file from the store"
          hint={
            files.isError
              ? 'The file store could not be read; enter a URL instead.'
              : 'Routers fetch a stored file from this server, each with its own link.'
          }
        >
          {(field) => (
            <select
              {...field}
              className={inputClass}
              value={chosen}
              onChange={(event) => {
                const file = files.data?.files.find((f) => f.id === event.target.value);
                if (!file) {
                  onChange({ firmwareFile: null });
                  return;
                }
                const url = new URL(file.downloadUrl, window.location.origin).href;
                onChange({ firmwareFile: { id: file.id, url }, firmwareUrl: url });
              }}
            >
              <option value="">
                {files.data && files.data.files.length === 0
                  ? 'No firmware files uploaded'
                  : 'Choose a stored file...'}
              </option>
              {files.data?.files.map((file) => (
                <option key={file.id} value={file.id}>
                  {file.name} ({formatBytes(file.size)})
                </option>
              ))}
            </select>
          )}
        </FormField>
      </div>
      <FormField label="Firmware URL">
        {(field) => (
          <input
            {...field}
            type="url"
            className={inputClass}
            placeholder="https://firmware.example.com/image.bin"
            value={form.firmwareUrl}
            onChange={(event) => onChange({ firmwareUrl: event.target.value })}
          />
        )}
      </FormField>
      <FormField label="Version">
        {(field) => (
          <input
            {...field}
            className={inputClass}
            placeholder="2.1.0"
            value={form.version}
            onChange={(event) => onChange({ version: event.target.value })}
          />
        )}
      </FormField>
    </div>
  );
}

/** spec §2: Profile ID as text, plus a picker of profiles that fills it (issue 16 point 1). */
function ProfileForm({ form, onChange }: FormProps) {
  const profiles = useProfileChoices();
  const known = profiles.data?.profiles.some((p) => p.id === form.profileId.trim());
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField label="Profile">
        {(field) => (
          <select
            {...field}
            className={inputClass}
            value={known ? form.profileId.trim() : ''}
            onChange={(event) => onChange({ profileId: event.target.value })}
          >
            <option value="">
              {profiles.data && profiles.data.profiles.length === 0
                ? 'No profiles yet'
                : 'Choose a profile...'}
            </option>
            {profiles.data?.profiles.map((profile) => (
              <option key={profile.id} value={profile.id}>
                {profile.name}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField label="Profile ID">
        {(field) => (
          <input
            {...field}
            className={inputClass}
            value={form.profileId}
            onChange={(event) => onChange({ profileId: event.target.value })}
          />
        )}
      </FormField>
    </div>
  );
}
