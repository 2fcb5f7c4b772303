// Upload (TR-069 Amendment 6, A.4.1.5): FileType "1 Vendor Configuration File", "2 Vendor Log File", or
// "3 ... <i>" / "4 ... <i>"; the CPE PUTs the file to URL.
import { readString, readUnsignedInt } from '../fields';
import { writeInteger, writeString } from '../writer';
import type { RpcCodec } from './codec';

export interface Upload {
  name: 'Upload';
  commandKey: string;
  fileType: string;
  url: string;
  username: string;
  password: string;
  delaySeconds: number;
}

export interface UploadResponse {
  name: 'UploadResponse';
  status: number;
  startTime: string;
  completeTime: string;
}

export const upload: RpcCodec<Upload> = {
  name: 'Upload',
  decode: (el, ctx) => ({
    name: 'Upload',
    commandKey: readString(ctx, el, 'CommandKey', 'optional'),
    fileType: readString(ctx, el, 'FileType', 'required'),
    url: readString(ctx, el, 'URL', 'required'),
    username: readString(ctx, el, 'Username', 'optional'),
    password: readString(ctx, el, 'Password', 'optional'),
    delaySeconds: readUnsignedInt(ctx, el, 'DelaySeconds', 'optional'),
  }),
  encode: (m) =>
    writeString('CommandKey', m.commandKey) +
    writeString('FileType', m.fileType) +
    writeString('URL', m.url) +
    writeString('Username', m.username) +
    writeString('Password', m.password) +
    writeInteger('DelaySeconds', m.delaySeconds),
};

export const uploadResponse: RpcCodec<UploadResponse> = {
  name: 'UploadResponse',
  decode: (el, ctx) => ({
    name: 'UploadResponse',
    status: readUnsignedInt(ctx, el, 'Status', 'required'),
    startTime: readString(ctx, el, 'StartTime', 'optional'),
    completeTime: readString(ctx, el, 'CompleteTime', 'optional'),
  }),
  encode: (m) =>
    writeInteger('Status', m.status) +
    writeString('StartTime', m.startTime) +
    writeString('CompleteTime', m.completeTime),
};
