import { useState } from 'react';
import { useNavigate } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { Dialog, DialogFooter } from '@/components/ui/dialog';
import { ErrorBanner } from '@/components/ui/error-banner';
import { FormField, inputClass } from '@/components/ui/form-field';
import { isApiError, serverDetail } from '@/lib/api-error';
import { formatBytes } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useCreateCampaign } from '../api/create-campaign';
import { useFirmwareFiles } from '@/api/get-firmware-files';
import { useGroups } from '@/api/get-groups';
import { useGroupPreview } from '../api/preview-group';
import {
  emptyCampaignForm,
  validateCampaignForm,
  type CampaignFormErrors,
  type CampaignFormValues,
} from '../lib/campaign-form';
import { GroupPreviewBox } from './group-preview';

/**
 * Issue 21 point 2: a new campaign. Checked here as the contract checks it (lib/campaign-form.ts);
 * the server's refusal is shown above the buttons; the dialog keeps everything typed until it succeeds.
 */
export function CampaignFormDialog({ onClose }: { onClose: () => void }) {
  const [values, setValues] = useState<CampaignFormValues>(() => emptyCampaignForm());
  const [errors, setErrors] = useState<CampaignFormErrors>({});
  const groups = useGroups();
  const files = useFirmwareFiles();
  const create = useCreateCampaign();
  const navigate = useNavigate();
  const group = groups.data?.groups.find((g) => g.id === values.groupId);
  const preview = useGroupPreview(group?.filter);
  const groupSize = preview.data?.size ?? group?.size;

  const set = <K extends keyof CampaignFormValues>(key: K, value: CampaignFormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };
  const text = (key: keyof CampaignFormValues) => ({
    value: String(values[key]),
    onChange: (event: { target: { value: string } }) => set(key, event.target.value as never),
  });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    create.reset();
    const checked = validateCampaignForm(values, groupSize);
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    create.mutate(checked.input, {
      onSuccess: ({ campaign }) => {
        toast.success(`Campaign "${campaign.name}" started`);
        onClose();
        void navigate(`/campaigns/${encodeURIComponent(campaign.id)}`);
      },
    });
  };

  const firmware = files.data?.files ?? [];
  const problems = Object.values(errors).filter((e): e is string => Boolean(e));
  return (
    <Dialog
      title="New Campaign"
      description="Upgrade a device group's firmware in waves."
      onClose={onClose}
      size="lg"
    >
      <form noValidate onSubmit={submit} className="space-y-4">
        <FormField label="Name" error={errors.name}>
          {(props) => <input {...props} className={inputClass} {...text('name')} />}
        </FormField>
        <div className="grid gap-4 md:grid-cols-2">
          <FormField
            label="Device group"
            error={errors.groupId}
            hint={
              groups.data?.groups.length === 0 ? 'No groups yet: create one under Device Groups.' : undefined
            }
          >
            {(props) => (
              <select {...props} className={inputClass} {...text('groupId')}>
                <option value="">{groups.isPending ? 'Loading groups...' : 'Choose a group'}</option>
                {groups.data?.groups.map((g) => (
                  <option key={g.id} value={g.id}>
                    {g.name} ({g.size})
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField
            label="Firmware file"
            error={errors.fileId}
            hint={
              files.isSuccess && firmware.length === 0
                ? 'No firmware files in the store: upload one on a device page or through the API.'
                : undefined
            }
          >
            {(props) => (
              <select {...props} className={inputClass} {...text('fileId')}>
                <option value="">{files.isPending ? 'Loading files...' : 'Choose a firmware file'}</option>
                {firmware.map((f) => (
                  <option key={f.id} value={f.id}>
                    {f.name} ({formatBytes(f.size)})
                  </option>
                ))}
              </select>
            )}
          </FormField>
        </div>
        {group ? <GroupPreviewBox filter={group.filter} /> : null}
        {groups.isError || files.isError ? (
          <ErrorBanner title="Could not load the groups or the firmware files; close the dialog and try again." />
        ) : null}
        <div className="grid gap-4 md:grid-cols-3">
          <FormField
            label="Target version"
            error={errors.targetVersion}
            hint="The version upgraded routers report."
          >
            {(props) => <input {...props} className={inputClass} {...text('targetVersion')} />}
          </FormField>
          <FormField label="Canary size" error={errors.canarySize} hint="Routers upgraded first.">
            {(props) => (
              <input {...props} inputMode="numeric" className={inputClass} {...text('canarySize')} />
            )}
          </FormField>
          <FormField label="Waves (%)" error={errors.waves} hint="Cumulative, e.g. 10, 50, 100.">
            {(props) => <input {...props} className={inputClass} {...text('waves')} />}
          </FormField>
          <FormField label="Soak time (minutes)" error={errors.soakMinutes} hint="Wait between waves.">
            {(props) => (
              <input {...props} inputMode="numeric" className={inputClass} {...text('soakMinutes')} />
            )}
          </FormField>
          <FormField label="Max concurrent downloads" error={errors.maxConcurrent}>
            {(props) => (
              <input {...props} inputMode="numeric" className={inputClass} {...text('maxConcurrent')} />
            )}
          </FormField>
          <FormField
            label="Failure threshold (%)"
            error={errors.failureThreshold}
            hint="A wave above it halts."
          >
            {(props) => (
              <input {...props} inputMode="decimal" className={inputClass} {...text('failureThreshold')} />
            )}
          </FormField>
          <FormField
            label="Deadline (minutes)"
            error={errors.deadlineMinutes}
            hint="Time to come back upgraded."
          >
            {(props) => (
              <input {...props} inputMode="numeric" className={inputClass} {...text('deadlineMinutes')} />
            )}
          </FormField>
        </div>
        <fieldset className="space-y-3 rounded-md p-3 ring-1 ring-slate-200">
          <legend className="px-1 text-sm font-medium text-slate-700">Maintenance window</legend>
          <label className="flex items-center gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              checked={values.windowEnabled}
              onChange={(event) => set('windowEnabled', event.target.checked)}
            />
            Start upgrades only inside a window
          </label>
          {values.windowEnabled ? (
            <div className="grid gap-4 md:grid-cols-3">
              <FormField label="Window start" error={errors.windowStart}>
                {(props) => <input {...props} type="time" className={inputClass} {...text('windowStart')} />}
              </FormField>
              <FormField label="Window end" error={errors.windowEnd}>
                {(props) => <input {...props} type="time" className={inputClass} {...text('windowEnd')} />}
              </FormField>
              <FormField label="Time zone" error={errors.timeZone}>
                {(props) => <input {...props} className={inputClass} {...text('timeZone')} />}
              </FormField>
            </div>
          ) : null}
        </fieldset>
        {problems.length > 0 ? <ErrorBanner title="Fix the marked fields:" items={problems} /> : null}
        {create.isError ? (
          <ErrorBanner
            title={
              isApiError(create.error) && create.error.kind === 'HTTP'
                ? `The server refused the campaign: ${serverDetail(create.error)}`
                : 'Could not reach the server; check the connection and try again.'
            }
            items={isApiError(create.error) ? create.error.serverErrors : []}
          />
        ) : null}
        <DialogFooter>
          <button type="button" className={buttonClass('secondary')} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className={buttonClass('primary')} disabled={create.isPending}>
            {create.isPending ? 'Starting...' : 'Start Campaign'}
          </button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
