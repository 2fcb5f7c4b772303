// Templates: CRUD, validation of profile values against a template (JSON Schema + mapping + BBF
// data model), rendering to CWMP parameters, export and import, and the starter templates.
import { randomUUID } from 'node:crypto';
import type { Template as ApiTemplate } from '../../contract';
import type { TemplateRow } from '../../db/tables/templates';
import { AppError } from '../../errors';
import type { DataModelsService } from '../data-model/index';
import { parseDefinition, type MappingEntry, type TemplateDefinition } from './definition';
import { createSchemaCompiler, type SchemaCompiler } from './json-schema';
import { kindOf, renderValues, type RenderedParam } from './render';
import type { TemplateListQuery, TemplatesRepository } from './repository';
import { STARTER_TEMPLATES } from './starters';

export interface Template extends TemplateDefinition {
  id: string;
  createdAt: string;
  updatedAt: string;
}

export interface Evaluation {
  valid: boolean;
  errors: string[];
  warnings: string[];
  renderedParams: RenderedParam[];
}

/** A template that fails its checks: every problem, for a 400 `{error, message, errors}`. */
export class InvalidTemplateError extends AppError {
  constructor(
    readonly errors: string[],
    summary = errors.length === 1 ? errors[0]! : 'Invalid template',
  ) {
    super(400, summary, `${errors.join('; ')}. Correct the template and send it again.`);
  }
}

function fromRow(row: TemplateRow): Template {
  return {
    id: row.id,
    name: row.name,
    vendor: row.vendor,
    model: row.model,
    dataModel: row.data_model,
    version: row.version,
    description: row.description,
    mapping: JSON.parse(row.mapping) as MappingEntry[],
    schema: JSON.parse(row.schema) as Record<string, unknown>,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** A template as the API answers it, field by field; every mapping entry with its defaultValue. */
export function toApiTemplate(t: Template): ApiTemplate {
  return {
    id: t.id,
    name: t.name,
    vendor: t.vendor,
    model: t.model,
    dataModel: t.dataModel,
    version: t.version,
    description: t.description,
    mapping: t.mapping.map((e) => ({
      field: e.field,
      param: e.param,
      type: e.type,
      required: e.required,
      defaultValue: e.defaultValue ?? null,
      description: e.description,
      valueMap: e.valueMap,
    })),
    schema: t.schema,
    parameterCount: t.mapping.length,
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
  };
}

/** The file an export writes and an import reads back. */
export function toExportFile(t: Template): TemplateDefinition {
  return {
    name: t.name,
    vendor: t.vendor,
    model: t.model,
    dataModel: t.dataModel,
    version: t.version,
    description: t.description,
    mapping: t.mapping,
    schema: t.schema,
  };
}

/** spec §2 Templates: the name with spaces replaced by underscores plus "_template.json". */
export function exportFileName(name: string): string {
  return `${name.replace(/ /g, '_')}_template.json`;
}

export function createTemplatesService(
  repo: TemplatesRepository,
  dataModels: DataModelsService,
  compiler: SchemaCompiler = createSchemaCompiler(),
) {
  const now = () => new Date(Date.now()).toISOString();
  let usageCounter: (templateId: string) => Promise<number> = async () => 0;
  const updateListeners = new Set<(template: Template) => Promise<void>>();

  /** The definition's problems, the data-model check's included; its warnings. */
  async function check(raw: unknown): Promise<{ definition: TemplateDefinition; warnings: string[] }> {
    const parsed = parseDefinition(raw, compiler);
    if (!parsed.definition) throw new InvalidTemplateError(parsed.errors);
    const d = parsed.definition;
    const dm = await dataModels.check(
      d.dataModel,
      d.mapping.map((e) => ({ field: e.field, param: e.param, kind: kindOf(e) })),
    );
    if (dm.errors.length > 0) throw new InvalidTemplateError(dm.errors);
    return { definition: d, warnings: dm.warnings };
  }

  async function get(id: string): Promise<Template> {
    const row = await repo.findById(id);
    if (!row) throw new AppError(404, 'Template not found', `No template has the id "${id}".`);
    return fromRow(row);
  }

  async function create(raw: unknown): Promise<{ template: Template; warnings: string[] }> {
    const { definition: d, warnings } = await check(raw);
    const at = now();
    const template: Template = { ...d, id: randomUUID(), createdAt: at, updatedAt: at };
    await repo.insert({
      id: template.id,
      name: d.name,
      vendor: d.vendor,
      model: d.model,
      data_model: d.dataModel,
      version: d.version,
      description: d.description,
      mapping: JSON.stringify(d.mapping),
      schema: JSON.stringify(d.schema),
      created_at: at,
      updated_at: at,
    });
    return { template, warnings };
  }

  // A template object is never changed (an update makes a new one), so its data-model check is
  // done once per object: a CSV import evaluates 10,000 profiles against one template.
  const modelChecks = new WeakMap<Template, ReturnType<DataModelsService['check']>>();
  function modelCheck(template: Template): ReturnType<DataModelsService['check']> {
    let check = modelChecks.get(template);
    if (!check) {
      check = dataModels.check(
        template.dataModel,
        template.mapping.map((e) => ({ field: e.field, param: e.param, kind: kindOf(e) })),
      );
      check.catch(() => modelChecks.delete(template));
      modelChecks.set(template, check);
    }
    return check;
  }

  async function evaluate(template: Template, values: Record<string, unknown>): Promise<Evaluation> {
    const dm = await modelCheck(template);
    let schemaErrors: string[];
    try {
      schemaErrors = compiler.validate(template.schema, values);
    } catch (err) {
      schemaErrors = [`Invalid JSON schema: ${(err as Error).message}`];
    }
    const rendered = renderValues(template.mapping, values, dm.types);
    const errors = [...new Set([...schemaErrors, ...rendered.errors, ...dm.errors])];
    return {
      valid: errors.length === 0,
      errors,
      warnings: dm.warnings,
      renderedParams: rendered.renderedParams,
    };
  }

  return {
    get,
    create,
    evaluate,

    async list(q: TemplateListQuery): Promise<{ templates: Template[]; total: number }> {
      const { rows, total } = await repo.list(q);
      return { templates: rows.map(fromRow), total };
    },

    /** Full replacement of the definition; properties left out keep their current value. */
    async update(
      id: string,
      raw: Record<string, unknown>,
    ): Promise<{ template: Template; warnings: string[] }> {
      const current = await get(id);
      const { definition: d, warnings } = await check({ ...toExportFile(current), ...raw });
      const template: Template = { ...d, id, createdAt: current.createdAt, updatedAt: now() };
      await repo.update(id, {
        name: d.name,
        vendor: d.vendor,
        model: d.model,
        data_model: d.dataModel,
        version: d.version,
        description: d.description,
        mapping: JSON.stringify(d.mapping),
        schema: JSON.stringify(d.schema),
        updated_at: template.updatedAt,
      });
      for (const listener of updateListeners) await listener(template);
      return { template, warnings };
    },

    async remove(id: string): Promise<void> {
      await get(id);
      const used = await usageCounter(id);
      if (used > 0) {
        throw new AppError(
          409,
          'Template in use',
          `${used} profile${used === 1 ? ' uses' : 's use'} this template; delete ${used === 1 ? 'it' : 'them'} first, then delete the template.`,
        );
      }
      await repo.remove(id);
    },

    async validate(id: string, values: Record<string, unknown>): Promise<Evaluation> {
      return evaluate(await get(id), values);
    },

    /** Reads an uploaded template file (JSON); every problem is reported. */
    async importFile(content: string): Promise<{ template: Template; warnings: string[] }> {
      let raw: unknown;
      try {
        raw = JSON.parse(content.replace(/^\uFEFF/, ''));
      } catch (err) {
        throw new InvalidTemplateError(
          [`The file is not valid JSON (${(err as Error).message})`],
          'Invalid template file',
        );
      }
      return create(raw);
    },

    /** Creates the starter templates when there are none at all; answers how many it created. */
    async seedStarters(): Promise<number> {
      if ((await repo.count()) > 0) return 0;
      for (const starter of STARTER_TEMPLATES) await create(starter);
      return STARTER_TEMPLATES.length;
    },

    /** The profiles module says how many profiles use a template (a used one cannot be deleted). */
    setUsageCounter(fn: (templateId: string) => Promise<number>): void {
      usageCounter = fn;
    },
    /** Called after a template changed, e.g. to render its profiles again. */
    onUpdated(listener: (template: Template) => Promise<void>): void {
      updateListeners.add(listener);
    },
  };
}

export type TemplatesService = ReturnType<typeof createTemplatesService>;
