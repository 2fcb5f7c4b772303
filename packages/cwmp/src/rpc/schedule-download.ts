// ScheduleDownload (1.2, TR-069 Amendment 6, A.4.1.8): 1-2 time windows, in seconds after receipt. Completion
// arrives later through TransferComplete with "M ScheduleDownload".
import { readArray, readInt, readString, readUnsignedInt } from '../fields';
import { writeArray, writeInteger, writeString } from '../writer';
import { emptyCodec } from './codec';
import type { RpcCodec } from './codec';

export interface TimeWindowStruct {
  windowStart: number;
  windowEnd: number;
  /** "1 At Any Time", "2 Immediately", "3 When Idle" or "4 Confirmation Needed". */
  windowMode: string;
  userMessage: string;
  maxRetries: number;
}

export interface ScheduleDownload {
  name: 'ScheduleDownload';
  commandKey: string;
  fileType: string;
  url: string;
  username: string;
  password: string;
  fileSize: number;
  targetFileName: string;
  timeWindowList: TimeWindowStruct[];
}

export interface ScheduleDownloadResponse {
  name: 'ScheduleDownloadResponse';
}

export const scheduleDownload: RpcCodec<ScheduleDownload> = {
  name: 'ScheduleDownload',
  decode: (el, ctx) => ({
    name: 'ScheduleDownload',
    commandKey: readString(ctx, el, 'CommandKey', 'optional'),
    fileType: readString(ctx, el, 'FileType', 'required'),
    url: readString(ctx, el, 'URL', 'required'),
    username: readString(ctx, el, 'Username', 'optional'),
    password: readString(ctx, el, 'Password', 'optional'),
    fileSize: readUnsignedInt(ctx, el, 'FileSize', 'optional'),
    targetFileName: readString(ctx, el, 'TargetFileName', 'optional'),
    timeWindowList: readArray(ctx, el, 'TimeWindowList', 'TimeWindowStruct', 'required', (item) => ({
      windowStart: readUnsignedInt(ctx, item, 'WindowStart', 'required'),
      windowEnd: readUnsignedInt(ctx, item, 'WindowEnd', 'required'),
      windowMode: readString(ctx, item, 'WindowMode', 'required'),
      userMessage: readString(ctx, item, 'UserMessage', 'optional'),
      maxRetries: readInt(ctx, item, 'MaxRetries', 'optional'),
    })),
  }),
  encode: (m) =>
    writeString('CommandKey', m.commandKey) +
    writeString('FileType', m.fileType) +
    writeString('URL', m.url) +
    writeString('Username', m.username) +
    writeString('Password', m.password) +
    writeInteger('FileSize', m.fileSize) +
    writeString('TargetFileName', m.targetFileName) +
    writeArray(
      'TimeWindowList',
      'cwmp:TimeWindowStruct',
      m.timeWindowList,
      (w) =>
        '<TimeWindowStruct>' +
        writeInteger('WindowStart', w.windowStart) +
        writeInteger('WindowEnd', w.windowEnd) +
        writeString('WindowMode', w.windowMode) +
        writeString('UserMessage', w.userMessage) +
        writeInteger('MaxRetries', w.maxRetries) +
        '</TimeWindowStruct>',
    ),
};

export const scheduleDownloadResponse: RpcCodec<ScheduleDownloadResponse> =
  emptyCodec('ScheduleDownloadResponse');
