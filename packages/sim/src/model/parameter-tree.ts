// A CPE's data model with the semantics TR-069 gives its RPCs (TR-069 Amendment 6, A.3.2): partial-path
// reads, NextLevel name discovery, atomic SetParameterValues, attributes, AddObject/DeleteObject.
// Outcomes are values: `{ ok: true, ... }` or a CPE fault with its code.
import { defaultValue, isValidValue, normalizeType, type XsdTypeName } from './values';

export interface ParamNode {
  /** Full path; objects end in `.`. */
  name: string;
  object: boolean;
  writable: boolean;
  value: string;
  type: XsdTypeName;
  notification: number;
  accessList: string[];
  /**
   * False when the model did not say (a GenieACS dump leaves the type of values it never fetched
   * empty). The real router has a type; the first write with an xsi:type decides it here.
   */
  typeKnown?: false;
}

export interface SpvFaultEntry {
  name: string;
  code: number;
}

export type Fault = { ok: false; code: number; message?: string; parameterFaults?: SpvFaultEntry[] };
export type Result<T> = ({ ok: true } & T) | Fault;

export interface ParameterValue {
  name: string;
  value: string;
  type: XsdTypeName;
}

export interface ParameterInfo {
  name: string;
  writable: boolean;
}

export interface AttributeChange {
  name: string;
  notificationChange: boolean;
  notification: number;
  accessListChange: boolean;
  accessList: string[];
}

const fault = (code: number, message?: string, parameterFaults?: SpvFaultEntry[]): Fault => ({
  ok: false,
  code,
  ...(message ? { message } : {}),
  ...(parameterFaults ? { parameterFaults } : {}),
});

function parentOf(name: string): string {
  const trimmed = name.endsWith('.') ? name.slice(0, -1) : name;
  const i = trimmed.lastIndexOf('.');
  return i < 0 ? '' : trimmed.slice(0, i + 1);
}

export class ParameterTree {
  private readonly nodes = new Map<string, ParamNode>();
  private readonly children = new Map<string, Set<string>>();

  constructor(nodes: Iterable<ParamNode> = []) {
    for (const node of nodes) this.insert({ ...node, accessList: [...node.accessList] });
  }

  /** Adds or replaces a node, creating missing ancestor objects (read-only). */
  insert(node: ParamNode): void {
    const parent = parentOf(node.name);
    if (parent !== '' && !this.nodes.has(parent)) {
      this.insert({
        name: parent,
        object: true,
        writable: false,
        value: '',
        type: 'xsd:string',
        notification: 0,
        accessList: [],
      });
    }
    this.nodes.set(node.name, node);
    let set = this.children.get(parent);
    if (!set) this.children.set(parent, (set = new Set()));
    set.add(node.name);
  }

  get size(): number {
    return this.nodes.size;
  }

  node(name: string): ParamNode | undefined {
    return this.nodes.get(name);
  }

  /** Every node, parents before children, siblings in insertion order. */
  *walk(from = ''): Generator<ParamNode> {
    for (const child of this.children.get(from) ?? []) {
      const node = this.nodes.get(child)!;
      yield node;
      if (node.object) yield* this.walk(child);
    }
  }

  /** The root object (`Device.` or `InternetGatewayDevice.`). */
  root(): string {
    const first = this.children.get('')?.values().next().value;
    return first ?? 'Device.';
  }

  value(name: string): string | undefined {
    const node = this.nodes.get(name);
    return node && !node.object ? node.value : undefined;
  }

  /** Sets a value directly (the device itself, not the ACS): no checks, no ParameterKey. */
  setLocal(name: string, value: string, type?: XsdTypeName): void {
    const node = this.nodes.get(name);
    if (node && !node.object) {
      node.value = value;
      if (type) node.type = type;
    } else if (!node) {
      this.insert({
        name,
        object: false,
        writable: false,
        value,
        type: type ?? 'xsd:string',
        notification: 0,
        accessList: [],
      });
    }
  }

  getParameterValues(names: string[]): Result<{ parameters: ParameterValue[] }> {
    const parameters: ParameterValue[] = [];
    for (const name of names) {
      if (name === '' || name.endsWith('.')) {
        if (name !== '' && !this.nodes.get(name)?.object)
          return fault(9005, `Invalid parameter name: ${name}`);
        for (const node of this.walk(name)) {
          if (!node.object) parameters.push({ name: node.name, value: node.value, type: node.type });
        }
      } else {
        const node = this.nodes.get(name);
        if (!node || node.object) return fault(9005, `Invalid parameter name: ${name}`);
        parameters.push({ name: node.name, value: node.value, type: node.type });
      }
    }
    return { ok: true, parameters };
  }

  getParameterNames(path: string, nextLevel: boolean): Result<{ parameters: ParameterInfo[] }> {
    const info = (n: ParamNode): ParameterInfo => ({ name: n.name, writable: n.writable });
    if (path === '') {
      if (nextLevel) return { ok: true, parameters: [info(this.nodes.get(this.root())!)] };
      return { ok: true, parameters: [...this.walk('')].map(info) };
    }
    const node = this.nodes.get(path);
    if (!node) return fault(9005, `Invalid parameter name: ${path}`);
    if (!node.object) {
      if (nextLevel) return fault(9003, 'NextLevel must be false for a parameter name');
      return { ok: true, parameters: [info(node)] };
    }
    if (nextLevel) {
      return {
        ok: true,
        parameters: [...(this.children.get(path) ?? [])].map((c) => info(this.nodes.get(c)!)),
      };
    }
    return { ok: true, parameters: [info(node), ...[...this.walk(path)].map(info)] };
  }

  /** Atomic: every value is checked first; nothing changes on a fault (TR-069 Amendment 6, A.3.2.1). */
  setParameterValues(list: { name: string; value: string; type?: string }[]): Result<{ changed: string[] }> {
    const faults: SpvFaultEntry[] = [];
    const seen = new Set<string>();
    for (const item of list) {
      if (seen.has(item.name)) return fault(9003, `Parameter named twice: ${item.name}`);
      seen.add(item.name);
      const node = this.nodes.get(item.name);
      if (!node || node.object) faults.push({ name: item.name, code: 9005 });
      else if (!node.writable) faults.push({ name: item.name, code: 9008 });
      else if (item.type !== undefined && node.typeKnown !== false && normalizeType(item.type) !== node.type)
        faults.push({ name: item.name, code: 9006 });
      else if (!isValidValue(node.typeKnown === false ? normalizeType(item.type) : node.type, item.value))
        faults.push({ name: item.name, code: 9007 });
    }
    if (faults.length > 0) return fault(9003, 'Invalid arguments', faults);
    const changed: string[] = [];
    for (const item of list) {
      const node = this.nodes.get(item.name)!;
      if (node.value !== item.value) changed.push(item.name);
      node.value = item.value;
      if (node.typeKnown === false && item.type !== undefined) {
        node.type = normalizeType(item.type);
        delete node.typeKnown;
      }
    }
    return { ok: true, changed };
  }

  setParameterAttributes(changes: AttributeChange[]): Result<object> {
    for (const change of changes) {
      const exists = change.name.endsWith('.')
        ? this.nodes.get(change.name)?.object
        : this.nodes.has(change.name);
      if (!exists) return fault(9005, `Invalid parameter name: ${change.name}`);
      if (change.notificationChange && (change.notification < 0 || change.notification > 6)) {
        return fault(9003, `Invalid notification value ${change.notification}`);
      }
    }
    for (const change of changes) {
      const targets = change.name.endsWith('.')
        ? [...this.walk(change.name)].filter((n) => !n.object)
        : [this.nodes.get(change.name)!];
      for (const node of targets) {
        if (change.notificationChange) node.notification = change.notification;
        if (change.accessListChange) node.accessList = [...change.accessList];
      }
    }
    return { ok: true };
  }

  getParameterAttributes(
    names: string[],
  ): Result<{ parameters: { name: string; notification: number; accessList: string[] }[] }> {
    const parameters: { name: string; notification: number; accessList: string[] }[] = [];
    for (const name of names) {
      const nodes = name === '' || name.endsWith('.') ? [...this.walk(name)] : [this.nodes.get(name)];
      if (name !== '' && name.endsWith('.') && !this.nodes.get(name)?.object)
        return fault(9005, `Invalid parameter name: ${name}`);
      for (const node of nodes) {
        if (!node) return fault(9005, `Invalid parameter name: ${name}`);
        if (!node.object)
          parameters.push({
            name: node.name,
            notification: node.notification,
            accessList: [...node.accessList],
          });
      }
    }
    return { ok: true, parameters };
  }

  /** Parameters whose notification attribute is on (1 passive, 2 active). */
  notified(): ParamNode[] {
    return [...this.nodes.values()].filter(
      (n) => !n.object && (n.notification === 1 || n.notification === 2),
    );
  }

  /** AddObject on a writable table: a new instance shaped like an existing one, default values. */
  addObject(table: string): Result<{ instanceNumber: number }> {
    const node = this.nodes.get(table);
    if (!table.endsWith('.') || !node?.object) return fault(9005, `Invalid object name: ${table}`);
    if (!node.writable) return fault(9005, `${table} is not a table that allows AddObject`);
    const instances = [...(this.children.get(table) ?? [])]
      .map((c) => Number(c.slice(table.length, -1)))
      .filter((n) => Number.isInteger(n) && n > 0);
    const instanceNumber = instances.length ? Math.max(...instances) + 1 : 1;
    const prefix = `${table}${instanceNumber}.`;
    const model = instances.length ? `${table}${Math.min(...instances)}.` : null;
    this.insert({
      name: prefix,
      object: true,
      writable: true,
      value: '',
      type: 'xsd:string',
      notification: 0,
      accessList: [],
    });
    if (model) {
      for (const n of [...this.walk(model)]) {
        this.insert({
          ...n,
          name: prefix + n.name.slice(model.length),
          value: n.object ? '' : defaultValue(n.type),
          notification: 0,
          accessList: [],
        });
      }
    }
    this.updateEntryCount(table);
    return { ok: true, instanceNumber };
  }

  deleteObject(instance: string): Result<object> {
    const node = this.nodes.get(instance);
    const table = parentOf(instance);
    if (!instance.endsWith('.') || !node?.object || !/^\d+$/.test(instance.slice(table.length, -1))) {
      return fault(9005, `Invalid object name: ${instance}`);
    }
    if (!node.writable && !this.nodes.get(table)?.writable)
      return fault(9001, `${instance} cannot be deleted`);
    for (const n of [...this.walk(instance)]) this.nodes.delete(n.name);
    for (const key of [...this.children.keys()]) if (key.startsWith(instance)) this.children.delete(key);
    this.nodes.delete(instance);
    this.children.get(table)?.delete(instance);
    this.updateEntryCount(table);
    return { ok: true };
  }

  /** Removes a node and everything below it, with no checks (restoring a saved device). */
  remove(name: string): void {
    const node = this.nodes.get(name);
    if (!node) return;
    if (node.object) {
      for (const n of [...this.walk(name)]) this.nodes.delete(n.name);
      for (const key of [...this.children.keys()]) if (key.startsWith(name)) this.children.delete(key);
    }
    this.nodes.delete(name);
    this.children.get(parentOf(name))?.delete(name);
  }

  /** Keeps `<Table>NumberOfEntries` in step with the table, as real models do. */
  private updateEntryCount(table: string): void {
    const parent = parentOf(table);
    const tableName = table.slice(parent.length, -1);
    const counter = this.nodes.get(`${parent}${tableName}NumberOfEntries`);
    if (counter && !counter.object) counter.value = String(this.children.get(table)?.size ?? 0);
  }

  /** Plain rows, for persistence. */
  toJSON(): ParamNode[] {
    return [...this.walk('')];
  }
}
