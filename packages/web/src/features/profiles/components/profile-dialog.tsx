// The profile dialog: create, edit (with a changelog) and view (spec §2 Profiles, §4 Profile edit,
// §5 Profile).
import { CircleCheck, CircleX } from 'lucide-react';
import { useMemo, useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { buttonClass } from '@/components/ui/button';
import { Dialog, DialogFooter } from '@/components/ui/dialog';
import { ErrorBanner } from '@/components/ui/error-banner';
import { FormField, inputClass } from '@/components/ui/form-field';
import { isApiError } from '@/lib/api-error';
import { useCreateProfile } from '../api/create-profile';
import { useCreateProfileVersion } from '../api/create-profile-version';
import { useProfileTemplates } from '../api/get-profile-templates';
import { useUpdateProfile } from '../api/update-profile';
import { useValidateProfileValues } from '../api/validate-profile-values';
import { fieldsOf } from '../lib/schema-form';
import type { Profile } from '@provisor/server/contract';
import { SchemaFields } from './schema-fields';

export type ProfileDialogState =
  | { mode: 'create'; templateId?: string }
  | { mode: 'edit'; profile: Profile }
  | { mode: 'view'; profile: Profile };

const TITLES = { create: 'Create Profile', edit: 'Edit Profile', view: 'View Profile' } as const;

type Errors = Partial<Record<'name' | 'templateId', string>>;

function failureOf(error: unknown): { title: string; items: string[] } {
  if (isApiError(error) && error.kind === 'HTTP') {
    const title = error.serverError ?? error.message;
    const message = error.serverMessage;
    return { title, items: message && message !== title ? [message] : [] };
  }
  return { title: 'Failed to save profile', items: error instanceof Error ? [error.message] : [] };
}

export function ProfileDialog({ state, onClose }: { state: ProfileDialogState; onClose: () => void }) {
  const profile = state.mode === 'create' ? undefined : state.profile;
  const readOnly = state.mode === 'view';
  const [name, setName] = useState(profile?.name ?? '');
  const [templateId, setTemplateId] = useState(
    profile?.templateId ?? (state.mode === 'create' ? (state.templateId ?? '') : ''),
  );
  const [values, setValues] = useState<Record<string, unknown>>(() => ({ ...(profile?.values ?? {}) }));
  const [jsonTexts, setJsonTexts] = useState<Record<string, string>>({});
  const [jsonErrors, setJsonErrors] = useState<Record<string, string>>({});
  const [changelog, setChangelog] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  const templates = useProfileTemplates();
  const template = templates.data?.find((t) => t.id === templateId);
  const fields = useMemo(() => fieldsOf(template), [template]);
  const validate = useValidateProfileValues();
  const create = useCreateProfile();
  const update = useUpdateProfile();
  const version = useCreateProfileVersion();
  const pending = create.isPending || update.isPending || version.isPending;
  const saveError = create.error ?? update.error ?? version.error;

  const clearValidation = () => {
    if (validate.data || validate.error) validate.reset();
  };
  const setValue = (field: string, value: unknown) => {
    clearValidation();
    setValues((previous) => {
      const next = { ...previous };
      if (value === undefined) delete next[field];
      else next[field] = value;
      return next;
    });
  };
  const setJsonText = (field: string, text: string, result: { value?: unknown; error?: string }) => {
    setJsonTexts((previous) => ({ ...previous, [field]: text }));
    setJsonErrors((previous) => {
      const { [field]: _old, ...rest } = previous;
      return result.error ? { ...rest, [field]: result.error } : rest;
    });
    if (!result.error) setValue(field, result.value);
  };

  // spec §5: changing the template on create clears the values.
  const chooseTemplate = (id: string) => {
    setTemplateId(id);
    setValues({});
    setJsonTexts({});
    setJsonErrors({});
    validate.reset();
    setErrors((previous) => ({ ...previous, templateId: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (readOnly) return;
    const found: Errors = {};
    if (!name.trim()) found.name = 'Name is required';
    if (!templateId) found.templateId = 'Template is required';
    setErrors(found);
    if (Object.keys(found).length > 0 || Object.keys(jsonErrors).length > 0) return;
    const done = (message: string) => (saved: Profile) => {
      // Saved either way (the list marks it Invalid); said as a warning, with why, so that a
      // failed validation is not read as a success.
      if (saved.validationStatus === 'invalid')
        toast.warning(`${message}, but it is invalid`, {
          description:
            saved.validationErrors.length > 0
              ? `${saved.name}: ${saved.validationErrors.join('; ')}`
              : saved.name,
        });
      else toast.success(message, { description: saved.name });
      onClose();
    };
    if (!profile) {
      create.mutate({ name: name.trim(), templateId, values }, { onSuccess: done('Profile created') });
    } else if (changelog.trim()) {
      // spec §4: a non-empty changelog makes a new version.
      version.mutate(
        { id: profile.id, name: name.trim(), values, changelog: changelog.trim() },
        { onSuccess: (saved) => done(`Version ${saved.version} created`)(saved) },
      );
    } else {
      update.mutate({ id: profile.id, name: name.trim(), values }, { onSuccess: done('Profile updated') });
    }
  };

  const runValidate = () => {
    if (!templateId) {
      setErrors((previous) => ({ ...previous, templateId: 'Template is required' }));
      return;
    }
    validate.mutate({ templateId, values });
  };

  const result = validate.data;
  const failure = saveError ? failureOf(saveError) : null;

  return (
    <Dialog title={TITLES[state.mode]} onClose={onClose} size="lg">
      <form onSubmit={submit} noValidate className="space-y-4">
        {failure ? <ErrorBanner title={failure.title} items={failure.items} /> : null}
        <fieldset disabled={readOnly} className="space-y-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Name" error={errors.name}>
              {(props) => (
                <input
                  {...props}
                  name="name"
                  autoComplete="off"
                  className={inputClass}
                  value={name}
                  onChange={(event) => {
                    setName(event.target.value);
                    // The error goes as soon as the name is there (it comes back only on submit).
                    if (event.target.value.trim())
                      setErrors((previous) => ({ ...previous, name: undefined }));
                  }}
                />
              )}
            </FormField>
            <FormField
              label="Template"
              error={errors.templateId}
              hint={profile && !readOnly ? 'The template cannot be changed when editing.' : undefined}
            >
              {(props) => (
                <select
                  {...props}
                  name="templateId"
                  className={inputClass}
                  value={templateId}
                  disabled={Boolean(profile)}
                  onChange={(event) => chooseTemplate(event.target.value)}
                >
                  <option value="">Select a template</option>
                  {templates.data?.map((t) => (
                    <option key={t.id} value={t.id}>
                      {t.name} ({t.vendor} {t.model})
                    </option>
                  ))}
                </select>
              )}
            </FormField>
          </div>
          {template ? (
            <section
              aria-label="Values"
              className="space-y-3 rounded-lg bg-slate-50 p-4 ring-1 ring-slate-200"
            >
              <h3 className="text-sm font-semibold text-slate-900">Values</h3>
              {fields.length === 0 ? (
                <p className="text-sm text-slate-600">This template's schema describes no fields.</p>
              ) : (
                <SchemaFields
                  fields={fields}
                  values={values}
                  jsonTexts={jsonTexts}
                  jsonErrors={jsonErrors}
                  onValue={setValue}
                  onJsonText={setJsonText}
                />
              )}
            </section>
          ) : null}
          {state.mode === 'edit' ? (
            <FormField
              label="Changelog"
              hint="With a changelog, saving creates a new version; without one, the current version is updated."
            >
              {(props) => (
                <textarea
                  {...props}
                  name="changelog"
                  rows={2}
                  className={inputClass}
                  value={changelog}
                  onChange={(event) => setChangelog(event.target.value)}
                />
              )}
            </FormField>
          ) : null}
        </fieldset>
        {result ? (
          <div
            role="status"
            data-testid="validation-result"
            className={`rounded-md p-3 text-sm ring-1 ring-inset ${result.valid ? 'bg-green-50 text-green-800 ring-green-200' : 'bg-red-50 text-red-800 ring-red-200'}`}
          >
            <p className="flex items-center gap-2 font-medium">
              {result.valid ? (
                <CircleCheck aria-hidden="true" className="h-4 w-4" />
              ) : (
                <CircleX aria-hidden="true" className="h-4 w-4" />
              )}
              {result.valid ? 'Validation passed' : 'Validation failed'}
            </p>
            {result.errors.length > 0 ? (
              <ul className="mt-1 list-disc space-y-0.5 pl-6">
                {result.errors.map((error) => (
                  <li key={error}>{error}</li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}
        {validate.error ? <ErrorBanner title={failureOf(validate.error).title} /> : null}
        <DialogFooter>
          <button
            type="button"
            className={`${buttonClass('secondary')} mr-auto`}
            disabled={validate.isPending}
            onClick={runValidate}
          >
            {validate.isPending ? 'Validating...' : 'Validate'}
          </button>
          <button type="button" className={buttonClass('secondary')} onClick={onClose}>
            {readOnly ? 'Close' : 'Cancel'}
          </button>
          {readOnly ? null : (
            <button type="submit" className={buttonClass('primary')} disabled={pending}>
              {pending ? 'Saving...' : profile ? 'Save Profile' : 'Create Profile'}
            </button>
          )}
        </DialogFooter>
      </form>
    </Dialog>
  );
}
