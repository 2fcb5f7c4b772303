import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { DataModelName, NewTemplateRow, TemplateRow, TemplateUpdate } from '../../db/tables/templates';

export interface TemplateListQuery {
  search?: string;
  vendor?: string;
  model?: string;
  dataModel?: DataModelName;
  limit: number;
  offset: number;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export function createTemplatesRepository(db: Kysely<Database>, dialect: 'sqlite' | 'postgres') {
  const like = (column: 'name' | 'vendor' | 'model', text: string, exact = false) => {
    const pattern = exact ? escapeLike(text.toLowerCase()) : `%${escapeLike(text.toLowerCase())}%`;
    return dialect === 'postgres'
      ? sql<boolean>`${sql.ref(column)} ilike ${pattern} escape '\\'`
      : sql<boolean>`${sql.ref(column)} like ${pattern} escape '\\'`;
  };
  function filtered(q: Omit<TemplateListQuery, 'limit' | 'offset'>) {
    let query = db.selectFrom('templates');
    if (q.vendor) query = query.where(like('vendor', q.vendor, true));
    if (q.model) query = query.where(like('model', q.model, true));
    if (q.dataModel) query = query.where('data_model', '=', q.dataModel);
    if (q.search) {
      const s = q.search;
      query = query.where((eb) => eb.or([like('name', s), like('vendor', s), like('model', s)]));
    }
    return query;
  }

  return {
    async list(q: TemplateListQuery): Promise<{ rows: TemplateRow[]; total: number }> {
      const [rows, count] = await Promise.all([
        filtered(q).selectAll().orderBy('name').orderBy('id').limit(q.limit).offset(q.offset).execute(),
        filtered(q)
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },
    async count(): Promise<number> {
      const r = await db
        .selectFrom('templates')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },
    findById(id: string): Promise<TemplateRow | undefined> {
      return db.selectFrom('templates').selectAll().where('id', '=', id).executeTakeFirst();
    },
    async insert(row: NewTemplateRow): Promise<void> {
      await db.insertInto('templates').values(row).execute();
    },
    async update(id: string, patch: TemplateUpdate): Promise<void> {
      await db.updateTable('templates').set(patch).where('id', '=', id).execute();
    },
    async remove(id: string): Promise<boolean> {
      const result = await db.deleteFrom('templates').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

export type TemplatesRepository = ReturnType<typeof createTemplatesRepository>;
