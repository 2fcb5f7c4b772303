import { createContext, use, type ReactNode } from 'react';
import { FormField, inputClass } from '@/components/ui/form-field';
import { SecretInput } from '@/components/ui/secret-input';
import { FIELDS, type FieldKey, type FormErrors, type FormValues } from '../lib/settings-form';

export interface SettingsFormContextValue {
  values: FormValues;
  errors: FormErrors;
  setValue: (key: FieldKey, value: string | boolean) => void;
}

export const SettingsFormContext = createContext<SettingsFormContextValue | null>(null);

const useForm = () => {
  const form = use(SettingsFormContext);
  if (!form) throw new Error('settings fields must be inside <SettingsFormContext>');
  return form;
};

/** One field of the form, rendered by its kind (lib/settings-form.ts FIELDS). */
export function Field({
  name,
  hint,
  disabled,
  children,
}: {
  name: FieldKey;
  hint?: ReactNode;
  disabled?: boolean;
  /** For a choice: its <option>s. */
  children?: ReactNode;
}) {
  const { values, errors, setValue } = useForm();
  const spec = FIELDS[name];
  const value = values[name];
  if (spec.kind === 'bool') {
    return (
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input
          type="checkbox"
          className="h-4 w-4 rounded border-slate-300"
          checked={Boolean(value)}
          disabled={disabled}
          onChange={(event) => setValue(name, event.target.checked)}
        />
        {spec.label}
      </label>
    );
  }
  return (
    <FormField label={spec.label} error={errors[name]} hint={hint}>
      {(props) =>
        spec.kind === 'secret' ? (
          <SecretInput
            {...props}
            what={spec.label}
            className={inputClass}
            value={String(value)}
            disabled={disabled}
            onChange={(event) => setValue(name, event.target.value)}
          />
        ) : spec.kind === 'choice' ? (
          <select
            {...props}
            className={inputClass}
            value={String(value)}
            disabled={disabled}
            onChange={(event) => setValue(name, event.target.value)}
          >
            {children}
          </select>
        ) : spec.kind === 'list' ? (
          <textarea
            {...props}
            rows={3}
            className={inputClass}
            value={String(value)}
            disabled={disabled}
            onChange={(event) => setValue(name, event.target.value)}
          />
        ) : (
          <input
            {...props}
            type="text"
            inputMode={spec.kind === 'int' ? 'numeric' : undefined}
            className={inputClass}
            value={String(value)}
            disabled={disabled}
            onChange={(event) => setValue(name, event.target.value)}
          />
        )
      }
    </FormField>
  );
}

/** A titled group of fields on a tab. */
export function FieldGroup({
  title,
  aside,
  children,
}: {
  title: string;
  aside?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="space-y-4 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-base font-semibold text-slate-900">{title}</h2>
        {aside}
      </div>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">{children}</div>
    </section>
  );
}

/** The hint of a password: write-only, whether one is set, empty keeps it. */
export const passwordHint = (set: boolean) =>
  set ? 'A password is set. Leave empty to keep it; type a new one to replace it.' : 'No password is set.';
