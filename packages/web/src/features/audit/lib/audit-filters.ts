// The Audit Log's filters (issue 22) as the operator types them, and as GET /api/audit's query
// (contract auditQuery): trimmed, empty ones left out, datetime-local read as local time and sent as
// ISO 8601.
import type { QueryParams } from '@/lib/http-client';

export interface AuditFilters {
  actor: string;
  action: string;
  target: string;
  /** datetime-local values ("2026-05-01T08:00"), local time. */
  from: string;
  to: string;
}

export const EMPTY_FILTERS: AuditFilters = { actor: '', action: '', target: '', from: '', to: '' };
export const AUDIT_PAGE_SIZE = 50;

export type AuditFilterErrors = Partial<Record<'from' | 'to', string>>;

function toIso(local: string): string | null {
  const time = Date.parse(local);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

export function validateFilters(filters: AuditFilters): AuditFilterErrors {
  const errors: AuditFilterErrors = {};
  const from = filters.from ? toIso(filters.from) : '';
  const to = filters.to ? toIso(filters.to) : '';
  if (from === null) errors.from = 'Enter a valid date and time for From.';
  if (to === null) errors.to = 'Enter a valid date and time for To.';
  if (from && to && from > to) errors.to = 'To is before From: pick a To time after the From time.';
  return errors;
}

/** The query of GET /api/audit and of its CSV export (no paging for the export). */
export function auditParams(filters: AuditFilters, page?: { limit: number; offset: number }): QueryParams {
  const params: QueryParams = {};
  for (const key of ['actor', 'action', 'target'] as const) {
    const value = filters[key].trim();
    if (value) params[key] = value;
  }
  for (const key of ['from', 'to'] as const) {
    const iso = filters[key] ? toIso(filters[key]) : null;
    if (iso) params[key] = iso;
  }
  if (page) {
    params.limit = page.limit;
    params.offset = page.offset;
  }
  return params;
}
