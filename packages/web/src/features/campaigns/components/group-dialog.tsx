import { useState } from 'react';
import type { DeviceGroup, DeviceStatus } from '@provisor/server/contract';
import { buttonClass } from '@/components/ui/button';
import { Dialog, DialogFooter } from '@/components/ui/dialog';
import { ErrorBanner } from '@/components/ui/error-banner';
import { FormField, inputClass } from '@/components/ui/form-field';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { isApiError, serverDetail } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import { useProfileChoices } from '@/api/get-profile-choices';
import { useSaveGroup } from '../api/save-group';
import {
  emptyGroupFilter,
  filterValues,
  toGroupFilter,
  type GroupFilterErrors,
  type GroupFilterValues,
} from '../lib/group-filter';
import { GroupPreviewBox } from './group-preview';

/** Wait after the last keystroke before counting the group again. */
export const PREVIEW_DEBOUNCE_MS = 300;

const STATUSES: DeviceStatus[] = ['online', 'offline', 'provisioning', 'error'];

/** A device group: a name and a saved filter, its size and versions previewed as the filter is typed. */
export function GroupDialog({ group, onClose }: { group?: DeviceGroup | undefined; onClose: () => void }) {
  const [name, setName] = useState(group?.name ?? '');
  const [values, setValues] = useState<GroupFilterValues>(() =>
    group ? filterValues(group.filter) : emptyGroupFilter,
  );
  const [errors, setErrors] = useState<GroupFilterErrors>({});
  const profiles = useProfileChoices();
  const save = useSaveGroup();
  const settled = useDebouncedValue(values, PREVIEW_DEBOUNCE_MS);
  const previewed = toGroupFilter(settled);

  const set = (key: keyof GroupFilterValues, value: string) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };
  const text = (key: keyof GroupFilterValues) => ({
    value: values[key],
    onChange: (event: { target: { value: string } }) => set(key, event.target.value),
  });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    save.reset();
    const checked = toGroupFilter(values);
    const found: GroupFilterErrors = 'errors' in checked ? { ...checked.errors } : {};
    if (name.trim() === '') found.name = 'Name is required.';
    else if (name.trim().length > 100) found.name = 'Name must be at most 100 characters.';
    if (Object.keys(found).length > 0 || 'errors' in checked) {
      setErrors(found);
      return;
    }
    save.mutate(
      { id: group?.id, input: { name: name.trim(), filter: checked.filter } },
      {
        onSuccess: () => {
          toast.success(group ? `Group "${name.trim()}" saved` : `Group "${name.trim()}" created`);
          onClose();
        },
      },
    );
  };

  return (
    <Dialog
      title={group ? `Edit Group ${group.name}` : 'New Device Group'}
      description="A saved filter: every field given must match. Its size is counted again whenever it is used."
      onClose={onClose}
      size="lg"
    >
      <form noValidate onSubmit={submit} className="space-y-4">
        <FormField label="Group name" error={errors.name}>
          {(props) => (
            <input
              {...props}
              className={inputClass}
              value={name}
              onChange={(event) => {
                setName(event.target.value);
                setErrors((current) => ({ ...current, name: undefined }));
              }}
            />
          )}
        </FormField>
        <div className="grid gap-4 md:grid-cols-2">
          <FormField
            label="Search"
            error={errors.search}
            hint="Part of a serial number, product class or OUI."
          >
            {(props) => <input {...props} className={inputClass} {...text('search')} />}
          </FormField>
          <FormField label="Status" error={errors.status}>
            {(props) => (
              <select {...props} className={inputClass} {...text('status')}>
                <option value="">Any status</option>
                {STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField label="OUI" error={errors.oui}>
            {(props) => (
              <input {...props} className={inputClass} placeholder="e.g. 00259E" {...text('oui')} />
            )}
          </FormField>
          <FormField label="Product class" error={errors.productClass}>
            {(props) => <input {...props} className={inputClass} {...text('productClass')} />}
          </FormField>
          <FormField label="Software version" error={errors.softwareVersion}>
            {(props) => <input {...props} className={inputClass} {...text('softwareVersion')} />}
          </FormField>
          <FormField label="Assigned profile" error={errors.profileId}>
            {(props) => (
              <select {...props} className={inputClass} {...text('profileId')}>
                <option value="">Any profile</option>
                {profiles.data?.profiles.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        </div>
        <GroupPreviewBox filter={'filter' in previewed ? previewed.filter : undefined} />
        {save.isError ? (
          <ErrorBanner
            title={
              isApiError(save.error) && save.error.kind === 'HTTP'
                ? `The server refused the group: ${serverDetail(save.error)}`
                : 'Could not reach the server; check the connection and try again.'
            }
            items={isApiError(save.error) ? save.error.serverErrors : []}
          />
        ) : null}
        <DialogFooter>
          <button type="button" className={buttonClass('secondary')} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className={buttonClass('primary')} disabled={save.isPending}>
            {save.isPending ? 'Saving...' : group ? 'Save Group' : 'Create Group'}
          </button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
