import { AppError } from '../../errors';

/** Text that ends up in the database: PostgreSQL cannot store a NUL, and no router reports one. */
export function checkNoNul(field: string, value: string | undefined): void {
  if (value?.includes('\0'))
    throw new AppError(400, 'Invalid text', `${field} cannot contain a NUL character (\\u0000); remove it.`);
}

/**
 * The device list's search text, trimmed; none when empty. GET /api/devices and the bulk calls' filter
 * both read a search through here, so they match the same devices.
 */
export function searchTerm(search: string | undefined, field = 'search'): string | undefined {
  checkNoNul(field, search);
  return search?.trim() || undefined;
}
