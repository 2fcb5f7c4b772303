// Profiles: one customer's values for a template. Every create, update and new version validates
// the values against the template and renders them (validationStatus, renderedParams). Versions
// are all kept (spec §4 Profile edit: a changelog makes a new version, none updates the current).
import { randomUUID } from 'node:crypto';
import { surnameFromProfileName } from '@provisor/common';
import type { BulkImportCsvInput, Profile, ProfileVersion } from '../../contract';
import type { ProfileVersionRow } from '../../db/tables/profile-versions';
import type { ProfileRow, ValidationStatus } from '../../db/tables/profiles';
import { AppError } from '../../errors';
import type { RenderedParam, Template, TemplatesService } from '../templates/index';
import { importCustomerCsv } from './csv-import';
import type { ProfileListQuery, ProfilesRepository } from './repository';

export const MAX_BULK_PROFILES = 1000;

export interface ProfileInput {
  name?: unknown;
  templateId?: unknown;
  values?: Record<string, unknown>;
}

const parse = <T>(json: string): T => JSON.parse(json) as T;

export function toApiProfile(row: ProfileRow): Profile {
  const renderedParams = parse<RenderedParam[]>(row.rendered_params);
  return {
    id: row.id,
    name: row.name,
    templateId: row.template_id,
    values: parse<Record<string, unknown>>(row.values),
    validationStatus: row.validation_status,
    validationErrors: parse<string[]>(row.validation_errors),
    version: row.version,
    renderedParams,
    parameterCount: renderedParams.length,
    changelog: row.changelog,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function toApiVersion(row: ProfileVersionRow): ProfileVersion {
  return {
    id: row.id,
    profileId: row.profile_id,
    version: row.version,
    name: row.name,
    values: parse<Record<string, unknown>>(row.values),
    changelog: row.changelog,
    validationStatus: row.validation_status,
    renderedParams: parse<RenderedParam[]>(row.rendered_params),
    createdAt: row.created_at,
  };
}

function text(v: unknown): string {
  return typeof v === 'string' ? v.trim().slice(0, 255) : typeof v === 'number' ? String(v) : '';
}

/** The values copied to searchable columns (spec §2 Profiles search; §3 Profile value keys). A
 * customer profile (`Korisnik-{surname}`, spec §7) carries no surname value: its name gives it. */
function searchColumns(name: string, values: Record<string, unknown>) {
  return {
    ssid: text(values.wifi_ssid),
    surname: text(values.surname ?? values.prezime ?? surnameFromProfileName(name)),
    serial_number: text(
      values.device_serial_number ?? values.serialNumber ?? values.serial_number ?? values.sn,
    ),
  };
}

function checkName(name: unknown): string {
  // spec §5 Profile: "Name is required".
  if (typeof name !== 'string' || name.trim() === '')
    throw new AppError(400, 'Name is required', 'Give the profile a name.');
  if (name.trim().length > 200)
    throw new AppError(400, 'Name too long', 'A profile name may be at most 200 characters.');
  return name.trim();
}

/** What the profiles module asks of the devices module (services.ts wires it). */
export interface ProfilesDeps {
  /** Serial -> assigned profile id, for the devices with these serials that have a profile. */
  assignedProfilesBySerial(serials: readonly string[]): Promise<Map<string, string>>;
}

export function createProfilesService(
  repo: ProfilesRepository,
  templates: TemplatesService,
  deps: ProfilesDeps = { assignedProfilesBySerial: async () => new Map() },
) {
  const now = () => new Date(Date.now()).toISOString();

  async function get(id: string): Promise<ProfileRow> {
    const row = await repo.findById(id);
    if (!row) throw new AppError(404, 'Profile not found', `No profile has the id "${id}".`);
    return row;
  }

  async function templateFor(templateId: unknown): Promise<Template> {
    // spec §5 Profile: "Template is required".
    if (typeof templateId !== 'string' || templateId.trim() === '') {
      throw new AppError(400, 'Template is required', 'Choose the template the profile uses (templateId).');
    }
    try {
      return await templates.get(templateId);
    } catch (err) {
      if (err instanceof AppError && err.statusCode === 404) {
        throw new AppError(
          400,
          'Template not found',
          `No template has the id "${templateId}"; choose an existing template.`,
        );
      }
      throw err;
    }
  }

  /** Validation and rendering, as stored on the profile. */
  async function evaluate(template: Template, values: Record<string, unknown>) {
    const e = await templates.evaluate(template, values);
    const status: ValidationStatus = e.valid ? 'valid' : 'invalid';
    return {
      evaluation: e,
      columns: {
        validation_status: status,
        validation_errors: JSON.stringify(e.errors),
        rendered_params: JSON.stringify(e.renderedParams),
      },
    };
  }

  async function create(input: ProfileInput): Promise<ProfileRow> {
    const name = checkName(input.name);
    const template = await templateFor(input.templateId);
    const values = input.values ?? {};
    const { columns } = await evaluate(template, values);
    const at = now();
    const row: ProfileRow = {
      id: randomUUID(),
      name,
      template_id: template.id,
      values: JSON.stringify(values),
      ...columns,
      version: 1,
      changelog: null,
      ...searchColumns(name, values),
      created_at: at,
      updated_at: at,
    };
    await repo.insert(row, {
      id: randomUUID(),
      profile_id: row.id,
      version: 1,
      name,
      values: row.values,
      changelog: null,
      validation_status: row.validation_status,
      rendered_params: row.rendered_params,
      created_at: at,
    });
    return row;
  }

  // A template changed: its profiles are validated and rendered again (same version).
  templates.onUpdated(async (template) => {
    for (const p of await repo.findByTemplate(template.id)) {
      const { columns } = await evaluate(template, parse<Record<string, unknown>>(p.values));
      await repo.updateCurrent(p.id, columns, p.version);
    }
  });
  templates.setUsageCounter((templateId) => repo.countByTemplate(templateId));

  return {
    get,
    create,

    list(q: ProfileListQuery): Promise<{ rows: ProfileRow[]; total: number }> {
      return repo.list(q);
    },

    /**
     * The profiles whose serial number (the value device_serial_number or serialNumber, copied to
     * the serial_number column) is exactly this one, oldest first, at most `limit`; none for "".
     */
    async bySerialNumber(serialNumber: string, limit: number): Promise<ProfileRow[]> {
      return serialNumber === '' ? [] : repo.findBySerial(serialNumber, limit);
    },

    async byTemplate(templateId: string): Promise<ProfileRow[]> {
      await templates.get(templateId);
      return repo.findByTemplate(templateId);
    },

    /** Edits the current version in place (spec §4: an edit without changelog). */
    async update(
      id: string,
      edit: { name?: unknown; values?: Record<string, unknown>; templateId?: unknown },
    ) {
      const current = await get(id);
      if (edit.templateId !== undefined && edit.templateId !== current.template_id) {
        throw new AppError(
          400,
          'Template cannot be changed',
          'The template of a profile cannot be changed when editing (spec §5); create a new profile instead.',
        );
      }
      const name = edit.name === undefined ? current.name : checkName(edit.name);
      const values = edit.values ?? parse<Record<string, unknown>>(current.values);
      const template = await templateFor(current.template_id);
      const { columns } = await evaluate(template, values);
      const patch = {
        name,
        values: JSON.stringify(values),
        ...columns,
        ...searchColumns(name, values),
        updated_at: now(),
      };
      await repo.updateCurrent(id, patch, current.version);
      return { ...current, ...patch };
    },

    /** A new version with a changelog; the earlier ones stay (spec §4 Profile edit). */
    async addVersion(
      id: string,
      input: { values: Record<string, unknown>; changelog: unknown; name?: unknown },
    ) {
      if (typeof input.changelog !== 'string' || input.changelog.trim() === '') {
        throw new AppError(
          400,
          'Changelog is required',
          'Describe the change in changelog to create a new version, or save without one (PUT) to update the current version.',
        );
      }
      const current = await get(id);
      const name = input.name === undefined ? current.name : checkName(input.name);
      const template = await templateFor(current.template_id);
      const { columns } = await evaluate(template, input.values);
      const at = now();
      const version = current.version + 1;
      const changelog = input.changelog.trim();
      const patch = {
        name,
        values: JSON.stringify(input.values),
        ...columns,
        ...searchColumns(name, input.values),
        version,
        changelog,
        updated_at: at,
      };
      try {
        await repo.addVersion(id, patch, {
          id: randomUUID(),
          profile_id: id,
          version,
          name,
          values: patch.values,
          changelog,
          validation_status: columns.validation_status,
          rendered_params: columns.rendered_params,
          created_at: at,
        });
      } catch (err) {
        if ((await repo.findById(id))?.version !== current.version) {
          throw new AppError(
            409,
            'Profile changed',
            'Someone saved this profile at the same time; reload it and try again.',
          );
        }
        throw err;
      }
      return { ...current, ...patch };
    },

    async versions(id: string): Promise<ProfileVersionRow[]> {
      await get(id);
      return repo.listVersions(id);
    },

    /** Validates the stored values again and keeps the outcome. */
    async validate(id: string) {
      const current = await get(id);
      const template = await templateFor(current.template_id);
      const { evaluation, columns } = await evaluate(
        template,
        parse<Record<string, unknown>>(current.values),
      );
      await repo.updateCurrent(id, columns, current.version);
      return { valid: evaluation.valid, errors: evaluation.errors, warnings: evaluation.warnings };
    },

    async bulkCreate(items: readonly ProfileInput[]) {
      const results = [];
      for (const [index, item] of items.entries()) {
        try {
          const row = await create(item);
          results.push({
            index,
            name: row.name,
            success: true,
            profileId: row.id,
            validationStatus: row.validation_status,
            validationErrors: parse<string[]>(row.validation_errors),
          });
        } catch (err) {
          if (!(err instanceof AppError) || err.statusCode >= 500) throw err;
          results.push({
            index,
            name: typeof item.name === 'string' ? item.name : '',
            success: false,
            error: `${err.error}: ${err.message}`,
          });
        }
      }
      const created = results.filter((r) => r.success).length;
      return { results, created, failed: results.length - created };
    },

    /** spec §7 bulk-import-csv: one profile per good row of the customer CSV (csv-import.ts). */
    importCsv(input: BulkImportCsvInput) {
      return importCustomerCsv(
        {
          repo,
          templateFor,
          async evaluate(template, values) {
            const { evaluation, columns } = await evaluate(template, values);
            return { valid: evaluation.valid, errors: evaluation.errors, columns };
          },
          searchColumns,
          assignedProfilesBySerial: deps.assignedProfilesBySerial,
          now,
        },
        input,
      );
    },

    async remove(id: string): Promise<void> {
      if (!(await repo.remove(id)))
        throw new AppError(404, 'Profile not found', `No profile has the id "${id}".`);
    },
  };
}

export type ProfilesService = ReturnType<typeof createProfilesService>;
