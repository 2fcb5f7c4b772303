// Download (TR-069 Amendment 6, A.3.2.8): Status 0 = done and applied; 1 = a TransferComplete will follow,
// and then StartTime/CompleteTime are the Unknown Time 0001-01-01T00:00:00Z.
import { readString, readUnsignedInt } from '../fields';
import { writeInteger, writeString } from '../writer';
import type { RpcCodec } from './codec';

export interface Download {
  name: 'Download';
  commandKey: string;
  /** e.g. "1 Firmware Upgrade Image", "3 Vendor Configuration File", "X <OUI> <name>". */
  fileType: string;
  url: string;
  username: string;
  password: string;
  fileSize: number;
  targetFileName: string;
  delaySeconds: number;
  successUrl: string;
  failureUrl: string;
}

export interface DownloadResponse {
  name: 'DownloadResponse';
  status: number;
  /** xsd:dateTime as sent. */
  startTime: string;
  completeTime: string;
}

export const download: RpcCodec<Download> = {
  name: 'Download',
  decode: (el, ctx) => ({
    name: 'Download',
    commandKey: readString(ctx, el, 'CommandKey', 'optional'),
    fileType: readString(ctx, el, 'FileType', 'required'),
    url: readString(ctx, el, 'URL', 'required'),
    username: readString(ctx, el, 'Username', 'optional'),
    password: readString(ctx, el, 'Password', 'optional'),
    fileSize: readUnsignedInt(ctx, el, 'FileSize', 'optional'),
    targetFileName: readString(ctx, el, 'TargetFileName', 'optional'),
    delaySeconds: readUnsignedInt(ctx, el, 'DelaySeconds', 'optional'),
    successUrl: readString(ctx, el, 'SuccessURL', 'optional'),
    failureUrl: readString(ctx, el, 'FailureURL', 'optional'),
  }),
  encode: (m) =>
    writeString('CommandKey', m.commandKey) +
    writeString('FileType', m.fileType) +
    writeString('URL', m.url) +
    writeString('Username', m.username) +
    writeString('Password', m.password) +
    writeInteger('FileSize', m.fileSize) +
    writeString('TargetFileName', m.targetFileName) +
    writeInteger('DelaySeconds', m.delaySeconds) +
    writeString('SuccessURL', m.successUrl) +
    writeString('FailureURL', m.failureUrl),
};

export const downloadResponse: RpcCodec<DownloadResponse> = {
  name: 'DownloadResponse',
  decode: (el, ctx) => ({
    name: 'DownloadResponse',
    status: readUnsignedInt(ctx, el, 'Status', 'required'),
    startTime: readString(ctx, el, 'StartTime', 'optional'),
    completeTime: readString(ctx, el, 'CompleteTime', 'optional'),
  }),
  encode: (m) =>
    writeInteger('Status', m.status) +
    writeString('StartTime', m.startTime) +
    writeString('CompleteTime', m.completeTime),
};
