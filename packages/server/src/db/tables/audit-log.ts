import type { Insertable, Selectable } from 'kysely';
import type { AuditResult, Role } from '../../contract/users';

/** The audit log (migration 0022): append-only, one entry per change made through the API. */
export interface AuditLogTable {
  /** Time-ordered text: ordering by id is ordering by time. */
  id: string;
  created_at: string;
  actor: string | null;
  role: Role | null;
  action: string;
  route: string;
  target: string | null;
  address: string;
  result: AuditResult;
  status: number;
  detail: string | null;
}

export type AuditLogRow = Selectable<AuditLogTable>;
export type NewAuditLogRow = Insertable<AuditLogTable>;
