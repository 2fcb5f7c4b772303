import { FormField, inputClass } from '@/components/ui/form-field';
import { useCustomerTemplates } from '../api/get-customer-templates';

export interface TemplateSelectProps {
  value: string;
  onChange: (templateId: string) => void;
  error?: string | undefined;
}

/** spec §2: only the customer routers' templates (vendor Huawei, model EG8145 or HG8) are offered. */
export function TemplateSelect({ value, onChange, error }: TemplateSelectProps) {
  const templates = useCustomerTemplates();
  const list = templates.data ?? [];
  const hint = templates.isError
    ? 'Templates could not be loaded: reload the page to try again.'
    : templates.isSuccess && list.length === 0
      ? 'No Huawei, EG8145 or HG8 template exists yet: create one on the Templates screen.'
      : undefined;
  return (
    <FormField label="Router Template" error={error} hint={hint}>
      {(field) => (
        <select {...field} className={inputClass} value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">Select a template</option>
          {list.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name} ({t.vendor} {t.model})
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}
