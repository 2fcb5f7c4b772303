// DUStateChangeComplete (1.2, TR-069 Amendment 6, A.4.2.3): results of a ChangeDUState, in the order of its
// operations, with the ChangeDUState's CommandKey.
import { readArray, readBoolean, readString } from '../fields';
import type { DecodeContext } from '../fields';
import { readFaultStruct, writeFaultStruct } from '../structs';
import type { FaultStruct } from '../structs';
import { writeArray, writeBoolean, writeString } from '../writer';
import { childNamed } from '../xml/element';
import type { XmlElement } from '../xml/element';
import { emptyCodec } from './codec';
import type { RpcCodec } from './codec';

export interface OpResultStruct {
  uuid: string;
  deploymentUnitRef: string;
  version: string;
  /** "Installed", "Uninstalled" or "Failed". */
  currentState: string;
  resolved: boolean;
  /** Comma-separated ExecutionUnit paths. */
  executionUnitRefList: string;
  startTime: string;
  completeTime: string;
  fault: FaultStruct;
}

export interface DUStateChangeComplete {
  name: 'DUStateChangeComplete';
  results: OpResultStruct[];
  commandKey: string;
}

export interface DUStateChangeCompleteResponse {
  name: 'DUStateChangeCompleteResponse';
}

export function readOpResult(ctx: DecodeContext, item: XmlElement): OpResultStruct {
  return {
    uuid: readString(ctx, item, 'UUID', 'optional'),
    deploymentUnitRef: readString(ctx, item, 'DeploymentUnitRef', 'optional'),
    version: readString(ctx, item, 'Version', 'optional'),
    currentState: readString(ctx, item, 'CurrentState', 'optional'),
    resolved: readBoolean(ctx, item, 'Resolved', 'optional'),
    executionUnitRefList: readString(ctx, item, 'ExecutionUnitRefList', 'optional'),
    startTime: readString(ctx, item, 'StartTime', 'optional'),
    completeTime: readString(ctx, item, 'CompleteTime', 'optional'),
    // The XSD names it Fault; some CPEs write FaultStruct.
    fault: readFaultStruct(ctx, item, childNamed(item, 'Fault') ? 'Fault' : 'FaultStruct', 'optional'),
  };
}

/** The fields of an OpResultStruct, without the struct's own tags. */
export function writeOpResultFields(r: OpResultStruct): string {
  return (
    writeString('UUID', r.uuid) +
    writeString('DeploymentUnitRef', r.deploymentUnitRef) +
    writeString('Version', r.version) +
    writeString('CurrentState', r.currentState) +
    writeBoolean('Resolved', r.resolved) +
    writeString('ExecutionUnitRefList', r.executionUnitRefList) +
    writeString('StartTime', r.startTime) +
    writeString('CompleteTime', r.completeTime) +
    writeFaultStruct('Fault', r.fault)
  );
}

export const duStateChangeComplete: RpcCodec<DUStateChangeComplete> = {
  name: 'DUStateChangeComplete',
  decode: (el, ctx) => ({
    name: 'DUStateChangeComplete',
    results: readArray(ctx, el, 'Results', 'OpResultStruct', 'required', (item) => readOpResult(ctx, item)),
    commandKey: readString(ctx, el, 'CommandKey', 'optional'),
  }),
  encode: (m) =>
    writeArray(
      'Results',
      'cwmp:OpResultStruct',
      m.results,
      (r) => `<OpResultStruct>${writeOpResultFields(r)}</OpResultStruct>`,
    ) + writeString('CommandKey', m.commandKey),
};

export const duStateChangeCompleteResponse: RpcCodec<DUStateChangeCompleteResponse> = emptyCodec(
  'DUStateChangeCompleteResponse',
);
