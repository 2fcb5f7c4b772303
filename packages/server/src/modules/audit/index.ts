// The audit module's public surface: other modules import only this file (issue 15, point 3).
export { createAuditLog, type AuditLog, type AuditLogOptions, type AuditRecord } from './log';
