import type { ValidationStatus } from '@provisor/server/contract';
import { everyValue } from '@/lib/every-value';

/** The validation statuses in the order the filter offers them (spec §3 Profile). */
export const VALIDATION_STATUSES = everyValue<ValidationStatus>()(['valid', 'invalid', 'pending']);
