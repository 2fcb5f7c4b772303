// RequestDownload (TR-069 Amendment 6, A.4.2.2): the CPE asks for a file; the ACS may send a Download later.
import { readArray, readString } from '../fields';
import { writeArray, writeString } from '../writer';
import { emptyCodec } from './codec';
import type { RpcCodec } from './codec';

export interface ArgStruct {
  name: string;
  value: string;
}

export interface RequestDownload {
  name: 'RequestDownload';
  fileType: string;
  fileTypeArg: ArgStruct[];
}

export interface RequestDownloadResponse {
  name: 'RequestDownloadResponse';
}

export const requestDownload: RpcCodec<RequestDownload> = {
  name: 'RequestDownload',
  decode: (el, ctx) => ({
    name: 'RequestDownload',
    fileType: readString(ctx, el, 'FileType', 'required'),
    fileTypeArg: readArray(ctx, el, 'FileTypeArg', 'ArgStruct', 'optional', (item) => ({
      name: readString(ctx, item, 'Name', 'required'),
      value: readString(ctx, item, 'Value', 'optional'),
    })),
  }),
  encode: (m) =>
    writeString('FileType', m.fileType) +
    writeArray(
      'FileTypeArg',
      'cwmp:ArgStruct',
      m.fileTypeArg,
      (a) => `<ArgStruct>${writeString('Name', a.name)}${writeString('Value', a.value)}</ArgStruct>`,
    ),
};

export const requestDownloadResponse: RpcCodec<RequestDownloadResponse> =
  emptyCodec('RequestDownloadResponse');
