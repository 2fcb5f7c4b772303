// Fleet state on disk: one JSON file per device, holding what differs from the device's factory
// values plus its CWMP memory (bootstrapped?, pending events and transfers). A restarted fleet
// then sends 1 BOOT but not 0 BOOTSTRAP again (TR-069 Amendment 6, A.3.3.1).
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { EventStruct } from '@provisor/cwmp';
import { ParameterTree } from '../model/parameter-tree';
import type { ParamNode } from '../model/parameter-tree';
import type { DeviceState, FinishedTransfer, QueuedTransfer } from '../device/device-state';

export const SNAPSHOT_VERSION = 1;

export interface DeviceSnapshot {
  version: typeof SNAPSHOT_VERSION;
  serial: string;
  model: string;
  /** The --acs URL the fleet had when this was written: a different one now replaces it. */
  configuredAcsUrl: string;
  bootstrapUrl: string;
  events: EventStruct[];
  changed: string[];
  finished: FinishedTransfer[];
  queued: QueuedTransfer[];
  /** Nodes that differ from the factory values or are new (AddObject). */
  nodes: ParamNode[];
  /** Factory nodes that no longer exist (DeleteObject), top-most only. */
  deleted: string[];
}

export class StateDirError extends Error {
  override name = 'StateDirError';
}

function sameNode(a: ParamNode, b: ParamNode): boolean {
  return (
    a.value === b.value &&
    a.type === b.type &&
    a.writable === b.writable &&
    a.object === b.object &&
    a.notification === b.notification &&
    a.accessList.join(',') === b.accessList.join(',')
  );
}

export function snapshotDevice(
  state: DeviceState,
  factory: readonly ParamNode[],
  model: string,
  configuredAcsUrl: string,
): DeviceSnapshot {
  const base = new Map(factory.map((n) => [n.name, n]));
  const nodes: ParamNode[] = [];
  for (const n of state.tree.walk()) {
    const b = base.get(n.name);
    if (b === undefined || !sameNode(b, n)) nodes.push(n);
  }
  const deleted: string[] = [];
  for (const name of base.keys()) {
    if (state.tree.node(name) !== undefined) continue;
    if (!deleted.some((d) => d.endsWith('.') && name.startsWith(d))) deleted.push(name);
  }
  return {
    version: SNAPSHOT_VERSION,
    serial: state.serial,
    model,
    configuredAcsUrl,
    bootstrapUrl: state.bootstrapUrl,
    events: state.events,
    changed: [...state.changed],
    finished: state.finished,
    queued: state.queued,
    nodes,
    deleted,
  };
}

/** Rebuilds a device's tree and CWMP memory from its factory values and a snapshot. */
export function restoreInto(state: DeviceState, snap: DeviceSnapshot, factory: readonly ParamNode[]): void {
  const tree = new ParameterTree(factory);
  for (const name of snap.deleted) tree.remove(name);
  for (const n of snap.nodes) tree.insert({ ...n, accessList: [...n.accessList] });
  state.tree = tree;
  state.bootstrapUrl = snap.bootstrapUrl;
  state.events = snap.events;
  state.changed = new Set(snap.changed);
  state.finished = snap.finished;
  state.queued = snap.queued;
}

function fileName(serial: string): string {
  return `${serial.replace(/[^A-Za-z0-9._-]/g, '_')}.json`;
}

export class StateStore {
  constructor(readonly dir: string) {
    try {
      mkdirSync(dir, { recursive: true });
    } catch (e) {
      throw new StateDirError(
        `Cannot create the state directory ${dir}: ${(e as Error).message}. Pass a writable --state-dir.`,
      );
    }
  }

  load(serial: string): DeviceSnapshot | undefined {
    let text: string;
    try {
      text = readFileSync(join(this.dir, fileName(serial)), 'utf8');
    } catch {
      return undefined;
    }
    const snap = JSON.parse(text) as DeviceSnapshot;
    if (snap.version !== SNAPSHOT_VERSION) {
      throw new StateDirError(
        `${join(this.dir, fileName(serial))} is snapshot version ${String(snap.version)}, expected ${SNAPSHOT_VERSION}; move it away.`,
      );
    }
    return snap;
  }

  save(snap: DeviceSnapshot): void {
    const path = join(this.dir, fileName(snap.serial));
    // Write then rename, so a crash never leaves half a file.
    writeFileSync(`${path}.tmp`, JSON.stringify(snap));
    renameSync(`${path}.tmp`, path);
  }
}
