// The create/edit template dialog (spec §2 Templates, §4 "the template dialog has mode create or
// edit", §5 Template).
import { useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { buttonClass } from '@/components/ui/button';
import { Dialog, DialogFooter } from '@/components/ui/dialog';
import { ErrorBanner } from '@/components/ui/error-banner';
import { FormField, inputClass } from '@/components/ui/form-field';
import { useCreateTemplate } from '../api/create-template';
import { useUpdateTemplate } from '../api/update-template';
import {
  formValuesOf,
  schemaBlurError,
  serverProblems,
  toTemplateInput,
  operatorWarnings,
  validateTemplateForm,
  type TemplateFormErrors,
  type TemplateFormValues,
} from '../lib/template-form';
import type { DataModel, Template } from '@provisor/server/contract';
import { DATA_MODELS } from '../lib/template-options';
import { MappingEditor } from './mapping-editor';

export type TemplateDialogMode = { mode: 'create' } | { mode: 'edit'; template: Template };

export interface TemplateDialogProps {
  state: TemplateDialogMode;
  onClose: () => void;
}

type TextField = 'name' | 'vendor' | 'model' | 'version' | 'description';

const TEXT_FIELDS: { name: TextField; label: string; placeholder: string }[] = [
  { name: 'name', label: 'Name', placeholder: 'e.g. Huawei EG8145V5 Residential' },
  { name: 'vendor', label: 'Vendor', placeholder: 'e.g. Huawei' },
  { name: 'model', label: 'Model', placeholder: 'e.g. EG8145V5' },
  { name: 'version', label: 'Version', placeholder: '1.0.0' },
];

export function TemplateDialog({ state, onClose }: TemplateDialogProps) {
  const editing = state.mode === 'edit' ? state.template : undefined;
  const [values, setValues] = useState<TemplateFormValues>(() => formValuesOf(editing));
  const [errors, setErrors] = useState<TemplateFormErrors>({});
  const create = useCreateTemplate();
  const update = useUpdateTemplate();
  const mutation = editing ? update : create;

  const set = (change: Partial<TemplateFormValues>) => {
    const next = { ...values, ...change };
    setValues(next);
    // A field's error goes as soon as the field is valid; new errors wait for the submit.
    setErrors((previous) => keepStillInvalid(previous, validateTemplateForm(next)));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateTemplateForm(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const input = toTemplateInput(values);
    const done = (name: string, warnings: string[] = []) => {
      const notes = operatorWarnings(warnings);
      toast.success(editing ? 'Template updated' : 'Template created', {
        description: notes.length > 0 ? `${name}: ${notes.join('; ')}` : name,
      });
      onClose();
    };
    if (editing) {
      update.mutate(
        { id: editing.id, input },
        { onSuccess: (answer) => done(answer.template.name, answer.warnings) },
      );
    } else {
      create.mutate(input, { onSuccess: (answer) => done(answer.template.name, answer.warnings) });
    }
  };

  const failure = mutation.error ? serverProblems(mutation.error) : null;

  return (
    <Dialog title={editing ? 'Edit Template' : 'Create Template'} onClose={onClose} size="lg">
      <form onSubmit={submit} noValidate className="space-y-4">
        {failure ? <ErrorBanner title={failure.title} items={failure.items} /> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          {TEXT_FIELDS.map((field) => (
            <FormField
              key={field.name}
              label={field.label}
              error={errors[field.name as keyof TemplateFormErrors]}
            >
              {(props) => (
                <input
                  {...props}
                  name={field.name}
                  placeholder={field.placeholder}
                  autoComplete="off"
                  className={inputClass}
                  value={values[field.name]}
                  onChange={(event) => set({ [field.name]: event.target.value })}
                />
              )}
            </FormField>
          ))}
          <FormField label="Data Model">
            {(props) => (
              <select
                {...props}
                name="dataModel"
                className={inputClass}
                value={values.dataModel}
                onChange={(event) => set({ dataModel: event.target.value as DataModel })}
              >
                {DATA_MODELS.map((model) => (
                  <option key={model} value={model}>
                    {model}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <div className="sm:col-span-2">
            <FormField label="Description">
              {(props) => (
                <textarea
                  {...props}
                  name="description"
                  rows={2}
                  className={inputClass}
                  value={values.description}
                  onChange={(event) => set({ description: event.target.value })}
                />
              )}
            </FormField>
          </div>
        </div>
        <MappingEditor rows={values.mapping} onChange={(mapping) => set({ mapping })} />
        <FormField
          label="Schema (JSON)"
          error={errors.schemaText}
          hint="A JSON Schema for the profile values: properties with type, enum, minimum/maximum, minLength/maxLength and title."
        >
          {(props) => (
            <textarea
              {...props}
              name="schema"
              rows={8}
              spellCheck={false}
              className={`${inputClass} font-mono text-xs`}
              value={values.schemaText}
              onChange={(event) => set({ schemaText: event.target.value })}
              onBlur={(event) => {
                const problem = schemaBlurError(event.target.value);
                setErrors((previous) => {
                  const { schemaText: _omit, ...rest } = previous;
                  return problem ? { ...rest, schemaText: problem } : rest;
                });
              }}
            />
          )}
        </FormField>
        <DialogFooter>
          <button type="button" className={buttonClass('secondary')} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className={buttonClass('primary')} disabled={mutation.isPending}>
            {mutation.isPending ? 'Saving...' : editing ? 'Save Template' : 'Create Template'}
          </button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}

/** The errors shown that the values still have; none added. */
function keepStillInvalid(shown: TemplateFormErrors, now: TemplateFormErrors): TemplateFormErrors {
  const kept: TemplateFormErrors = {};
  for (const key of Object.keys(shown) as (keyof TemplateFormErrors)[]) {
    if (shown[key] && now[key]) kept[key] = shown[key];
  }
  return kept;
}
