// Loads GenieACS-style CSV parameter dumps (columns Parameter, Object, Writable, Value, Value type;
// extra columns ignored) into a device model. Rows outside the data model (GenieACS's DeviceID.*,
// Events.*, Tags.* virtual rows) are not parameters; DeviceID.* still gives the model's identity.
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { parse } from 'csv-parse/sync';
import type { ParamNode } from './parameter-tree';
import { normalizeType } from './values';

export interface DeviceModel {
  /** Short name, e.g. `eg8145v5` or `tr181`. */
  name: string;
  manufacturer: string;
  oui: string;
  productClass: string;
  /** `Device.` (TR-181) or `InternetGatewayDevice.` (TR-098). */
  root: string;
  nodes: ParamNode[];
}

export class ModelError extends Error {
  override name = 'ModelError';
}

const REQUIRED = ['Parameter', 'Object', 'Writable', 'Value', 'Value type'];
const ROOTS = ['Device', 'InternetGatewayDevice'];

export function parseCsvModel(text: string, name: string): DeviceModel {
  let rows: Record<string, string>[];
  try {
    rows = parse(text, { columns: true, skip_empty_lines: true, bom: true, relax_column_count: true });
  } catch (err) {
    throw new ModelError(`${name}: not a readable CSV file (${(err as Error).message})`);
  }
  const header = rows.length ? Object.keys(rows[0]!) : [];
  const missing = REQUIRED.filter((c) => !header.includes(c));
  if (rows.length === 0 || missing.length) {
    throw new ModelError(
      `${name}: a model CSV needs the columns ${REQUIRED.join(', ')}` +
        (missing.length ? `; missing ${missing.join(', ')}` : '; it has no rows'),
    );
  }
  const identity: Record<string, string> = {};
  const nodes: ParamNode[] = [];
  for (const row of rows) {
    const path = (row.Parameter ?? '').trim();
    if (path.startsWith('DeviceID.')) identity[path.slice('DeviceID.'.length)] = row.Value ?? '';
    const top = path.split('.')[0] ?? '';
    if (!ROOTS.includes(top)) continue;
    const object = row.Object === 'true';
    const type = normalizeType(row['Value type']);
    const notification = Number(row.Notification);
    nodes.push({
      name: object ? `${path}.` : path,
      object,
      writable: row.Writable === 'true',
      value: object ? '' : (row.Value ?? ''),
      type,
      notification: Number.isInteger(notification) ? notification : 0,
      accessList: [],
      ...(!object && !row['Value type'] ? { typeKnown: false as const } : {}),
    });
  }
  const root = nodes.find(
    (n) => n.name === 'InternetGatewayDevice.' || n.name.startsWith('InternetGatewayDevice.'),
  )
    ? 'InternetGatewayDevice.'
    : 'Device.';
  if (nodes.length === 0)
    throw new ModelError(`${name}: no Device. or InternetGatewayDevice. parameters found`);
  const value = (suffix: string) => nodes.find((n) => n.name === root + suffix)?.value ?? '';
  return {
    name,
    manufacturer: identity.Manufacturer || value('DeviceInfo.Manufacturer') || 'Unknown',
    oui: identity.OUI || value('DeviceInfo.ManufacturerOUI') || '000000',
    productClass: identity.ProductClass || value('DeviceInfo.ProductClass') || name,
    root,
    nodes,
  };
}

export function loadCsvModel(path: string, name = basename(path).replace(/\.csv$/i, '')): DeviceModel {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new ModelError(`Cannot read the model file ${path}: ${(err as Error).message}`);
  }
  return parseCsvModel(text, name);
}
