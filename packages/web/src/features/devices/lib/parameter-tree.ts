import type { DeviceParameter } from '@provisor/server/contract';

/** An object path ("Device.WiFi.SSID.1.") with its sub-objects and its own parameters. */
export interface ParameterNode {
  /** The last path segment, e.g. "SSID" or "1". */
  label: string;
  /** The full object path, ending with "."; "" for the root. */
  path: string;
  children: ParameterNode[];
  parameters: DeviceParameter[];
  /** How many parameters sit below this node, at any depth. */
  count: number;
}

/** Builds the object tree from the flat, name-sorted parameter list the server answers with. */
export function buildParameterTree(parameters: readonly DeviceParameter[]): ParameterNode {
  const root: ParameterNode = { label: '', path: '', children: [], parameters: [], count: 0 };
  const byPath = new Map<string, ParameterNode>([['', root]]);

  const nodeFor = (path: string): ParameterNode => {
    const existing = byPath.get(path);
    if (existing) return existing;
    const trimmed = path.slice(0, -1);
    const cut = trimmed.lastIndexOf('.');
    const parent = nodeFor(cut < 0 ? '' : trimmed.slice(0, cut + 1));
    const node: ParameterNode = {
      label: trimmed.slice(cut + 1),
      path,
      children: [],
      parameters: [],
      count: 0,
    };
    parent.children.push(node);
    byPath.set(path, node);
    return node;
  };

  for (const parameter of parameters) {
    const cut = parameter.name.lastIndexOf('.');
    const node = nodeFor(cut < 0 ? '' : parameter.name.slice(0, cut + 1));
    node.parameters.push(parameter);
  }
  const countBelow = (node: ParameterNode): number => {
    node.count = node.parameters.length + node.children.reduce((sum, child) => sum + countBelow(child), 0);
    return node.count;
  };
  countBelow(root);
  return root;
}

/** Object paths down to `depth` levels (1 = "Device."), for the initial expansion. */
export function pathsToDepth(root: ParameterNode, depth: number): string[] {
  const out: string[] = [];
  const walk = (node: ParameterNode, level: number) => {
    if (level > depth) return;
    if (node.path) out.push(node.path);
    for (const child of node.children) walk(child, level + 1);
  };
  walk(root, 0);
  return out;
}

/** Parameters whose full name contains `filter` (case-insensitive). */
export function filterParameters(parameters: readonly DeviceParameter[], filter: string): DeviceParameter[] {
  const needle = filter.trim().toLowerCase();
  if (!needle) return [...parameters];
  return parameters.filter((parameter) => parameter.name.toLowerCase().includes(needle));
}
