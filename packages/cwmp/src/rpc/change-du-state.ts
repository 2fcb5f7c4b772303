// ChangeDUState (1.2, TR-069 Amendment 6, A.4.1.10): each <Operations> carries xsi:type cwmp:InstallOpStruct,
// cwmp:UpdateOpStruct or cwmp:UninstallOpStruct (OperationStruct is abstract). Completion arrives
// through DUStateChangeComplete.
import { CwmpParseError } from '../errors';
import { readOptionalString, readString } from '../fields';
import { writeString } from '../writer';
import { attrByLocalName, childrenOf } from '../xml/element';
import type { XmlElement } from '../xml/element';
import { emptyCodec } from './codec';
import type { RpcCodec } from './codec';

export interface InstallOp {
  type: 'Install';
  url: string;
  uuid?: string;
  username?: string;
  password?: string;
  executionEnvRef?: string;
}

export interface UpdateOp {
  type: 'Update';
  uuid?: string;
  version?: string;
  url?: string;
  username?: string;
  password?: string;
}

export interface UninstallOp {
  type: 'Uninstall';
  uuid: string;
  version?: string;
  executionEnvRef?: string;
}

export type DUOperation = InstallOp | UpdateOp | UninstallOp;

export interface ChangeDUState {
  name: 'ChangeDUState';
  operations: DUOperation[];
  commandKey: string;
}

export interface ChangeDUStateResponse {
  name: 'ChangeDUStateResponse';
}

/** Copies the optional string children that are present into `target`. */
function optionals<T extends object>(el: XmlElement, target: T, fields: [keyof T & string, string][]): T {
  for (const [key, tag] of fields) {
    const v = readOptionalString(el, tag);
    if (v !== undefined) (target as Record<string, unknown>)[key] = v;
  }
  return target;
}

function readOperation(el: XmlElement, structName: string): DUOperation {
  switch (structName) {
    case 'InstallOpStruct':
      return optionals<InstallOp>(el, { type: 'Install', url: readOptionalString(el, 'URL') ?? '' }, [
        ['uuid', 'UUID'],
        ['username', 'Username'],
        ['password', 'Password'],
        ['executionEnvRef', 'ExecutionEnvRef'],
      ]);
    case 'UpdateOpStruct':
      return optionals<UpdateOp>(el, { type: 'Update' }, [
        ['uuid', 'UUID'],
        ['version', 'Version'],
        ['url', 'URL'],
        ['username', 'Username'],
        ['password', 'Password'],
      ]);
    case 'UninstallOpStruct':
      return optionals<UninstallOp>(el, { type: 'Uninstall', uuid: readOptionalString(el, 'UUID') ?? '' }, [
        ['version', 'Version'],
        ['executionEnvRef', 'ExecutionEnvRef'],
      ]);
    default:
      throw new CwmpParseError('CWMP_ERR_INVALID_VALUE', `unknown ChangeDUState operation "${structName}"`);
  }
}

function writeOptional(tag: string, v: string | undefined): string {
  return v === undefined ? '' : writeString(tag, v);
}

function writeOperation(op: DUOperation): string {
  switch (op.type) {
    case 'Install':
      return (
        '<Operations xsi:type="cwmp:InstallOpStruct">' +
        writeString('URL', op.url) +
        writeOptional('UUID', op.uuid) +
        writeOptional('Username', op.username) +
        writeOptional('Password', op.password) +
        writeOptional('ExecutionEnvRef', op.executionEnvRef) +
        '</Operations>'
      );
    case 'Update':
      return (
        '<Operations xsi:type="cwmp:UpdateOpStruct">' +
        writeOptional('UUID', op.uuid) +
        writeOptional('Version', op.version) +
        writeOptional('URL', op.url) +
        writeOptional('Username', op.username) +
        writeOptional('Password', op.password) +
        '</Operations>'
      );
    case 'Uninstall':
      return (
        '<Operations xsi:type="cwmp:UninstallOpStruct">' +
        writeString('UUID', op.uuid) +
        writeOptional('Version', op.version) +
        writeOptional('ExecutionEnvRef', op.executionEnvRef) +
        '</Operations>'
      );
  }
}

export const changeDuState: RpcCodec<ChangeDUState> = {
  name: 'ChangeDUState',
  decode: (el, ctx) => {
    const operations: DUOperation[] = [];
    for (const op of childrenOf(el)) {
      if (op.name !== 'Operations') continue;
      const xt = attrByLocalName(op, 'type');
      if (xt !== undefined && xt.endsWith('OpStruct')) {
        operations.push(readOperation(op, xt.slice(xt.indexOf(':') + 1)));
      } else {
        // Tolerated: an array-style <Operations> wrapping <InstallOpStruct> elements.
        for (const inner of childrenOf(op)) operations.push(readOperation(inner, inner.name));
      }
    }
    if (operations.length === 0) {
      throw new CwmpParseError('CWMP_ERR_MISSING_ELEMENT', 'ChangeDUState has no Operations');
    }
    return { name: 'ChangeDUState', operations, commandKey: readString(ctx, el, 'CommandKey', 'optional') };
  },
  encode: (m) => m.operations.map(writeOperation).join('') + writeString('CommandKey', m.commandKey),
};

export const changeDuStateResponse: RpcCodec<ChangeDUStateResponse> = emptyCodec('ChangeDUStateResponse');
