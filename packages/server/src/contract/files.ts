// Files (spec §7 Devices: upload-file, download-file, backup-config, restore-config): what operators
// upload and what routers send, as the API answers them. Never the secret of a transfer's URL.
import { Type, type Static } from 'typebox';
import { exactObject, nullable } from './common';

export const FILE_KINDS = ['firmware', 'config', 'backup', 'log', 'other'] as const;
export const fileKind = Type.Enum(FILE_KINDS, { type: 'string' });
export type FileKind = Static<typeof fileKind>;

export const storedFile = exactObject({
  id: Type.String(),
  kind: fileKind,
  name: Type.String(),
  size: Type.Integer(),
  sha256: Type.String(),
  contentType: Type.String(),
  /** The device it came from or belongs to, if any. */
  deviceId: nullable(Type.String()),
  jobId: nullable(Type.String()),
  createdAt: Type.String(),
  downloadUrl: Type.String(),
});
export type StoredFile = Static<typeof storedFile>;

export const oneFile = exactObject({ file: storedFile });
export const storedFileList = exactObject({ files: Type.Array(storedFile) });
export type StoredFileList = Static<typeof storedFileList>;

export const listFilesQuery = Type.Object(
  {
    kind: Type.Optional(fileKind),
    deviceId: Type.Optional(Type.String({ maxLength: 64 })),
    limit: Type.Integer({ minimum: 1, maximum: 1000, default: 100 }),
    offset: Type.Integer({ minimum: 0, default: 0 }),
  },
  { additionalProperties: false },
);
export type ListFilesQuery = Static<typeof listFilesQuery>;

/** A firmware upgrade: a file of the store or an outside URL, and the version it brings. */
export const firmwareBody = Type.Object(
  {
    firmwareUrl: Type.Optional(Type.String({ maxLength: 256 })),
    fileId: Type.Optional(Type.String({ maxLength: 64 })),
    version: Type.String({ maxLength: 64 }),
  },
  { additionalProperties: false },
);
export type FirmwareInput = Static<typeof firmwareBody>;

/** Fetch a file from the router (CWMP Upload): the path of the file on the router. */
export const downloadFileBody = Type.Object(
  { filePath: Type.String({ minLength: 1, maxLength: 256 }) },
  { additionalProperties: false },
);
export type DownloadFileInput = Static<typeof downloadFileBody>;
