// The value inputs of a profile, one per schema field (spec §5 Profile).
import { FormField, inputClass } from '@/components/ui/form-field';
import { SecretInput } from '@/components/ui/secret-input';
import { inputText, parseJsonInput, parseNumberInput, type FieldSpec } from '../lib/schema-form';

export interface SchemaFieldsProps {
  fields: FieldSpec[];
  values: Record<string, unknown>;
  /** The text of each JSON area as typed (it may not read yet). */
  jsonTexts: Record<string, string>;
  jsonErrors: Record<string, string>;
  onValue: (name: string, value: unknown) => void;
  onJsonText: (name: string, text: string, result: { value?: unknown; error?: string }) => void;
}

/** "1 to 32", "at least 8", "at most 63": a range with only one end says which. */
function rangeText(min: number | undefined, max: number | undefined): string | undefined {
  if (min !== undefined && max !== undefined) return `${min} to ${max}`;
  if (min !== undefined) return `at least ${min}`;
  if (max !== undefined) return `at most ${max}`;
  return undefined;
}

function hintOf(field: FieldSpec): string | undefined {
  const parts: string[] = [];
  if (field.description) parts.push(field.description);
  if (field.kind === 'number') {
    const range = rangeText(field.minimum, field.maximum);
    if (range) parts.push(range);
  }
  if (field.kind === 'string' || field.kind === 'password') {
    const range = rangeText(field.minLength, field.maxLength);
    if (range) parts.push(`${range} characters`);
  }
  if (field.defaultValue !== undefined && field.kind !== 'json')
    parts.push(`Default: ${String(field.defaultValue)}`);
  return parts.length > 0 ? parts.join(' · ') : undefined;
}

export function SchemaFields({
  fields,
  values,
  jsonTexts,
  jsonErrors,
  onValue,
  onJsonText,
}: SchemaFieldsProps) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {fields.map((field) => {
        const value = values[field.name];
        return (
          <div key={field.name} className={field.kind === 'json' ? 'sm:col-span-2' : ''}>
            <FormField label={field.label} hint={hintOf(field)} error={jsonErrors[field.name]}>
              {(props) => {
                const common = { ...props, name: field.name, 'data-field': field.name };
                switch (field.kind) {
                  case 'enum':
                    return (
                      <select
                        {...common}
                        className={inputClass}
                        value={value === undefined || value === null ? '' : String(value)}
                        onChange={(event) =>
                          onValue(field.name, event.target.value === '' ? undefined : event.target.value)
                        }
                      >
                        <option value="">Select...</option>
                        {field.options?.map((option) => (
                          <option key={option} value={option}>
                            {option}
                          </option>
                        ))}
                      </select>
                    );
                  case 'boolean':
                    return (
                      <select
                        {...common}
                        className={inputClass}
                        value={value === true ? 'true' : value === false ? 'false' : ''}
                        onChange={(event) =>
                          onValue(
                            field.name,
                            event.target.value === '' ? undefined : event.target.value === 'true',
                          )
                        }
                      >
                        <option value="">Select...</option>
                        <option value="true">True</option>
                        <option value="false">False</option>
                      </select>
                    );
                  case 'number':
                    return (
                      <input
                        {...common}
                        type="number"
                        step={field.integer ? 1 : 'any'}
                        min={field.minimum}
                        max={field.maximum}
                        className={inputClass}
                        value={inputText(field, value)}
                        onChange={(event) =>
                          onValue(field.name, parseNumberInput(event.target.value, field.integer))
                        }
                      />
                    );
                  case 'json':
                    return (
                      <textarea
                        {...common}
                        rows={4}
                        spellCheck={false}
                        placeholder={field.jsonType === 'array' ? '[]' : '{}'}
                        className={`${inputClass} font-mono text-xs`}
                        value={jsonTexts[field.name] ?? inputText(field, value)}
                        onChange={(event) =>
                          onJsonText(
                            field.name,
                            event.target.value,
                            parseJsonInput(event.target.value, field.jsonType),
                          )
                        }
                      />
                    );
                  case 'password':
                    return (
                      <SecretInput
                        {...common}
                        what={field.label}
                        minLength={field.minLength}
                        maxLength={field.maxLength}
                        className={inputClass}
                        value={inputText(field, value)}
                        onChange={(event) => onValue(field.name, event.target.value)}
                      />
                    );
                  default:
                    return (
                      <input
                        {...common}
                        type="text"
                        autoComplete="off"
                        minLength={field.minLength}
                        maxLength={field.maxLength}
                        className={inputClass}
                        value={inputText(field, value)}
                        onChange={(event) => onValue(field.name, event.target.value)}
                      />
                    );
                }
              }}
            </FormField>
          </div>
        );
      })}
    </div>
  );
}
