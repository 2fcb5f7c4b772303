// The template's JSON Schema, run with Ajv: compiled once per distinct schema and cached, and its
// errors turned into sentences that name the field ("wifi_password must be at least 8 characters").
import { createHash } from 'node:crypto';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';

const CACHE_SIZE = 500;

// ajv-formats is not a dependency; these cover the formats templates use. Unknown formats pass.
const FORMATS: Record<string, RegExp> = {
  ipv4: /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/,
  hostname:
    /^(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/,
  email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
  uri: /^[A-Za-z][A-Za-z0-9+.-]*:\S*$/,
  'mac-address': /^[0-9A-Fa-f]{2}([:-][0-9A-Fa-f]{2}){5}$/,
};

export function createSchemaCompiler() {
  const ajv = new Ajv({ allErrors: true, strict: false, logger: false, validateFormats: true });
  for (const [name, re] of Object.entries(FORMATS)) ajv.addFormat(name, re);
  const cache = new Map<string, ValidateFunction>();
  // The same schema object validates many values in a row (a CSV import: 10,000 profiles of one
  // template): it is hashed once. Schemas are never changed in place.
  const byObject = new WeakMap<object, ValidateFunction>();

  function compile(schema: object): ValidateFunction {
    const known = byObject.get(schema);
    if (known) return known;
    const key = createHash('sha256').update(JSON.stringify(schema)).digest('hex');
    let fn = cache.get(key);
    if (!fn) {
      // A fresh Ajv key space per schema: templates may reuse $id values.
      ajv.removeSchema();
      fn = ajv.compile(schema);
      if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
      cache.set(key, fn);
    }
    byObject.set(schema, fn);
    return fn;
  }

  return {
    /** Null when the schema compiles, else why not. */
    problemWith(schema: object): string | null {
      try {
        compile(schema);
        return null;
      } catch (err) {
        return (err as Error).message;
      }
    },
    /** Runs the schema; messages name the field. The schema must have compiled before. */
    validate(schema: object, values: unknown): string[] {
      const fn = compile(schema);
      if (fn(values)) return [];
      return [...new Set((fn.errors ?? []).map(describeError))];
    },
    get cacheSize() {
      return cache.size;
    },
  };
}

export type SchemaCompiler = ReturnType<typeof createSchemaCompiler>;

/** "/wifi/0/name" -> "wifi[0].name". */
function fieldOf(instancePath: string): string {
  return instancePath
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((acc, s) => (/^\d+$/.test(s) ? `${acc}[${s}]` : acc ? `${acc}.${s}` : s), '');
}

const TYPE_WORDS: Record<string, string> = {
  integer: 'a whole number',
  number: 'a number',
  string: 'text',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
  null: 'empty',
};

function list(values: unknown): string {
  return (Array.isArray(values) ? values : [values]).map((v) => JSON.stringify(v)).join(', ');
}

/** One Ajv error as a sentence a person can act on. */
export function describeError(e: ErrorObject): string {
  const field = fieldOf(e.instancePath);
  const subject = field || 'The values';
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'required':
      return `${field ? `${field}.` : ''}${String(p.missingProperty)} is required`;
    case 'minLength':
      return `${subject} must be at least ${String(p.limit)} character${p.limit === 1 ? '' : 's'}`;
    case 'maxLength':
      return `${subject} must be at most ${String(p.limit)} character${p.limit === 1 ? '' : 's'}`;
    case 'minimum':
      return `${subject} must be at least ${String(p.limit)}`;
    case 'maximum':
      return `${subject} must be at most ${String(p.limit)}`;
    case 'exclusiveMinimum':
      return `${subject} must be greater than ${String(p.limit)}`;
    case 'exclusiveMaximum':
      return `${subject} must be less than ${String(p.limit)}`;
    case 'multipleOf':
      return `${subject} must be a multiple of ${String(p.multipleOf)}`;
    case 'type': {
      const types = String(p.type)
        .split(',')
        .map((t) => TYPE_WORDS[t] ?? t);
      return `${subject} must be ${types.join(' or ')}`;
    }
    case 'enum':
      return `${subject} must be one of: ${list(p.allowedValues)}`;
    case 'const':
      return `${subject} must be ${JSON.stringify(p.allowedValue)}`;
    case 'pattern':
      return `${subject} does not have the required format (${String(p.pattern)})`;
    case 'format':
      return `${subject} must be a valid ${String(p.format)}`;
    case 'additionalProperties':
      return `${field ? `${field}.` : ''}${String(p.additionalProperty)} is not a field of this template`;
    case 'minItems':
      return `${subject} must have at least ${String(p.limit)} item${p.limit === 1 ? '' : 's'}`;
    case 'maxItems':
      return `${subject} must have at most ${String(p.limit)} item${p.limit === 1 ? '' : 's'}`;
    case 'uniqueItems':
      return `${subject} must not repeat items`;
    default:
      return `${subject} is invalid: ${e.message ?? e.keyword}`;
  }
}
