// The stored parameter tree of a device: one JSON object, path -> { value, type }. Paths are full
// names as the CPE reports them; only what the device told us is kept (cwmp-reference §5: a
// 0 BOOTSTRAP starts it over).

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

/** Merges reported values into `map`; answers whether anything changed. */
export function mergeParameters(
  map: ParameterMap,
  reported: readonly { name: string; value: string; type: string }[],
): boolean {
  let changed = false;
  for (const p of reported) {
    const old = map[p.name];
    if (!old || old.value !== p.value || old.type !== p.type) {
      map[p.name] =
        old?.writable === undefined
          ? { value: p.value, type: p.type }
          : { ...old, value: p.value, type: p.type };
      changed = true;
    }
  }
  return changed;
}

/** The value of the first parameter whose path ends with `suffix` (root-agnostic: Device./IGD.). */
export function findBySuffix(
  params: readonly { name: string; value: string }[],
  suffix: string,
): string | undefined {
  for (const p of params) if (p.name.endsWith(suffix)) return p.value;
  return undefined;
}
