// Rendering: a profile's values become CWMP parameters through the template's mapping, ready for
// SetParameterValues (TR-069 Amendment 6, A.2.1: value as wire text, type as the xsd type without prefix).
import { parseTypedValue, writableValueProblem, type XsdType } from '@provisor/cwmp';
import type { MappingKind } from '../data-model/index';
import { hasMappingType, type MappingEntry } from './definition';

export interface RenderedParam {
  name: string;
  value: string;
  type: XsdType;
}

const TYPE_NAMES: Record<string, string> = {
  string: 'text',
  number: 'a number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
};

/** The kind of value the parameter receives: a valueMap of numbers sets numbers, and so on. */
export function kindOf(entry: MappingEntry): MappingKind {
  if (!entry.valueMap) return entry.type;
  const kinds = new Set(Object.values(entry.valueMap).map((v) => typeof v));
  if (kinds.size === 1 && kinds.has('number')) return 'number';
  if (kinds.size === 1 && kinds.has('boolean')) return 'boolean';
  return 'string';
}

/** Type from the value itself, when the data model does not say (no model, vendor extension). */
function fallbackType(value: unknown): XsdType {
  if (typeof value === 'boolean') return 'boolean';
  if (typeof value === 'number') {
    if (!Number.isInteger(value)) return 'decimal';
    return value >= 0 ? 'unsignedInt' : 'int';
  }
  return 'string';
}

function wireText(value: unknown): string {
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

const isEmpty = (v: unknown) => v === undefined || v === null || v === '';

/**
 * Renders values through the mapping. `modelTypes` gives a parameter's type in the BBF model
 * where known. Missing optional fields take their defaultValue or are left out; missing required
 * fields, values of the wrong type or outside a valueMap, and paths still holding `{i}` are errors.
 */
export function renderValues(
  mapping: readonly MappingEntry[],
  values: Record<string, unknown>,
  modelTypes: ReadonlyMap<string, XsdType> = new Map(),
): { renderedParams: RenderedParam[]; errors: string[] } {
  const renderedParams: RenderedParam[] = [];
  const errors: string[] = [];
  for (const entry of mapping) {
    let value = values[entry.field];
    if (isEmpty(value)) {
      if (entry.required) {
        errors.push(`${entry.field} is required`);
        continue;
      }
      if (entry.defaultValue === undefined || entry.defaultValue === null) continue;
      value = entry.defaultValue;
    }
    if (!hasMappingType(entry.type, value)) {
      errors.push(`${entry.field} must be ${TYPE_NAMES[entry.type]}`);
      continue;
    }
    if (entry.param.includes('{i}')) {
      // A SetParameterValues name must be a concrete instance (TR-069 A.3.2.1).
      errors.push(
        `Parameter "${entry.param}" (field ${entry.field}) contains {i}; use a concrete instance number such as 1`,
      );
      continue;
    }
    if (entry.valueMap) {
      const key = wireText(value);
      if (!Object.hasOwn(entry.valueMap, key)) {
        errors.push(
          `${entry.field} must be one of: ${Object.keys(entry.valueMap)
            .map((k) => JSON.stringify(k))
            .join(', ')}`,
        );
        continue;
      }
      value = entry.valueMap[key];
    }
    const type = modelTypes.get(entry.param) ?? fallbackType(value);
    const text = wireText(value);
    if (type !== 'string' && parseTypedValue(type, text) === null) {
      errors.push(`${entry.field}: "${text}" is not a valid ${type} for ${entry.param}`);
      continue;
    }
    if ((type === 'unsignedInt' || type === 'unsignedLong') && text.trim().startsWith('-')) {
      errors.push(`${entry.field} must not be negative (${entry.param} is ${type})`);
      continue;
    }
    // Past its type's range, as set-parameters refuses it (jobs/routes.ts): the router would refuse
    // the profile's whole SetParameterValues.
    const problem = type === 'string' ? null : writableValueProblem(type, text);
    if (problem) {
      errors.push(`${entry.field}: "${text}" ${problem} for ${entry.param}`);
      continue;
    }
    renderedParams.push({ name: entry.param, value: text, type });
  }
  return { renderedParams, errors };
}
