// AutonomousDUStateChangeComplete (1.2, TR-069 Amendment 6, A.4.2.4): a deployment unit changed on the CPE's
// own initiative; each result also says which operation was performed.
import { readArray, readString } from '../fields';
import { writeArray, writeString } from '../writer';
import { emptyCodec } from './codec';
import type { RpcCodec } from './codec';
import { readOpResult, writeOpResultFields } from './du-state-change-complete';
import type { OpResultStruct } from './du-state-change-complete';

export interface AutonOpResultStruct extends OpResultStruct {
  /** "Install", "Update" or "Uninstall". */
  operationPerformed: string;
}

export interface AutonomousDUStateChangeComplete {
  name: 'AutonomousDUStateChangeComplete';
  results: AutonOpResultStruct[];
}

export interface AutonomousDUStateChangeCompleteResponse {
  name: 'AutonomousDUStateChangeCompleteResponse';
}

export const autonomousDuStateChangeComplete: RpcCodec<AutonomousDUStateChangeComplete> = {
  name: 'AutonomousDUStateChangeComplete',
  decode: (el, ctx) => ({
    name: 'AutonomousDUStateChangeComplete',
    results: readArray(ctx, el, 'Results', 'AutonOpResultStruct', 'required', (item) => ({
      ...readOpResult(ctx, item),
      operationPerformed: readString(ctx, item, 'OperationPerformed', 'optional'),
    })),
  }),
  encode: (m) =>
    writeArray(
      'Results',
      'cwmp:AutonOpResultStruct',
      m.results,
      (r) =>
        `<AutonOpResultStruct>${writeOpResultFields(r)}${writeString('OperationPerformed', r.operationPerformed)}</AutonOpResultStruct>`,
    ),
};

export const autonomousDuStateChangeCompleteResponse: RpcCodec<AutonomousDUStateChangeCompleteResponse> =
  emptyCodec('AutonomousDUStateChangeCompleteResponse');
