import { api } from '@/lib/api-client';
import type { QueryParams } from '@/lib/http-client';

/** GET /api/audit/export.csv with the list's filters: needs the bearer header, so fetched, then saved. */
export const exportAudit = (params: QueryParams) =>
  api.get<Blob>('/api/audit/export.csv', { query: params, responseType: 'blob' });
