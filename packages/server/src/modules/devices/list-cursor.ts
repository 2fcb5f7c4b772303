// The device list's cursors (issue 24, target 4): an opaque token naming one row's place in the
// list's order, (serial_number, id). Paging by it reads only the rows of the page wherever it is;
// OFFSET walks every row it skips (hundreds of milliseconds at 500,000 on PostgreSQL).
import { AppError } from '../../errors';

/** A row's sort key in the device list: serial number, then id (ties between OUIs and models). */
export interface DeviceListKey {
  serialNumber: string;
  id: string;
  /**
   * The page starts at (after=) or ends at (before=) this row itself, not next to it: the way back
   * from an empty page, whose cursor names the row on the other side of the gap (routes.ts).
   */
  inclusive?: boolean;
}

/** The token of a row's key: base64url of a versioned JSON array, opaque to clients. */
export function encodeCursor(key: DeviceListKey): string {
  const token = [1, key.serialNumber, key.id, ...(key.inclusive ? [1] : [])];
  return Buffer.from(JSON.stringify(token), 'utf8').toString('base64url');
}

/** The key of a token from `encodeCursor`; a 400 that says what to do for anything else. */
export function decodeCursor(field: 'after' | 'before', token: string): DeviceListKey {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
  } catch {
    parsed = undefined;
  }
  if (
    Array.isArray(parsed) &&
    (parsed.length === 3 || (parsed.length === 4 && parsed[3] === 1)) &&
    parsed[0] === 1 &&
    typeof parsed[1] === 'string' &&
    typeof parsed[2] === 'string' &&
    !parsed[1].includes('\0') &&
    !parsed[2].includes('\0')
  ) {
    return { serialNumber: parsed[1], id: parsed[2], ...(parsed.length === 4 ? { inclusive: true } : {}) };
  }
  throw new AppError(
    400,
    'Invalid cursor',
    `${field} must be a nextCursor or prevCursor from an earlier answer of this list, unchanged; got "${token.slice(0, 80)}". Leave it out to start from the first page.`,
  );
}
