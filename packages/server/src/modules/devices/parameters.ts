// The stored parameter tree of a device: one JSON object, path -> { value, type }. Paths are full
// names as the CPE reports them; only what the device told us is kept (a 0 BOOTSTRAP, TR-069
// Amendment 6, A.3.3.1, starts it over).

export interface StoredParameter {
  value: string;
  /** xsd type without prefix, e.g. "string", "unsignedInt". */
  type: string;
  writable?: boolean;
}

export type ParameterMap = Record<string, StoredParameter>;

export function parseParameters(json: string): ParameterMap {
  try {
    const parsed: unknown = JSON.parse(json);
    return parsed && typeof parsed === 'object' ? (parsed as ParameterMap) : {};
  } catch {
    return {};
  }
}

/**
 * The credentials of the CWMP link itself (the router's password at the ACS, its connection-request
 * password, its STUN password): kept empty, as TR-069 has a router read them back (A.3.2.1), so
 * that no answer of the API carries one even after a job wrote it.
 */
const LINK_SECRETS = /\.ManagementServer\.(Password|ConnectionRequestPassword|STUNPassword)$/;

/** The value to keep for a parameter: as given, but never a link credential. */
export function storedValue(name: string, value: string): string {
  return LINK_SECRETS.test(name) ? '' : value;
}

/** Merges reported values into `map`; answers whether anything changed. */
export function mergeParameters(
  map: ParameterMap,
  reported: readonly { name: string; value: string; type: string }[],
): boolean {
  let changed = false;
  for (const p of reported) {
    const old = map[p.name];
    const value = storedValue(p.name, p.value);
    if (!old || old.value !== value || old.type !== p.type) {
      map[p.name] = old?.writable === undefined ? { value, type: p.type } : { ...old, value, type: p.type };
      changed = true;
    }
  }
  return changed;
}

/** The first segment of a parameter's name: its data model's root (`Device`, `InternetGatewayDevice`). */
export function dataModelRoot(name: string): string {
  const dot = name.indexOf('.');
  return dot < 0 ? name : name.slice(0, dot);
}

/** The value of the first parameter whose path ends with `suffix` (root-agnostic: Device./IGD.). */
export function findBySuffix(
  params: readonly { name: string; value: string }[],
  suffix: string,
): string | undefined {
  for (const p of params) if (p.name.endsWith(suffix)) return p.value;
  return undefined;
}
