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

/**
 * The FileTypes of a Download (TR-069 Amendment 6, A.3.2.8), besides the vendor-specific
 * "X <OUI> <name>". upload-file sends an operator's file as one of them.
 */
export const DOWNLOAD_FILE_TYPES = [
  '1 Firmware Upgrade Image',
  '2 Web Content',
  '3 Vendor Configuration File',
  '4 Tone File',
  '5 Ringer File',
] as const;
export type DownloadFileType = (typeof DOWNLOAD_FILE_TYPES)[number];

/**
 * The FileTypes of an Upload (TR-069 Amendment 6, A.4.1.5), besides "3 Vendor Configuration File <i>"
 * and "4 Vendor Log File <i>" (the instance of DeviceInfo.VendorConfigFile / VendorLogFile).
 */
export const UPLOAD_FILE_TYPES = ['1 Vendor Configuration File', '2 Vendor Log File'] as const;
export type UploadFileType = (typeof UPLOAD_FILE_TYPES)[number];

/** FileType is at most 64 characters (TR-069 Amendment 6, A.3.2.8). */
const fileType = Type.String({ minLength: 1, maxLength: 64 });

/**
 * Fetch a file from the router (CWMP Upload): the file on the router, and optionally the FileType to
 * ask for (default "2 Vendor Log File"; jobs/file-types.ts says how the path picks the instance).
 */
export const downloadFileBody = Type.Object(
  { filePath: Type.String({ minLength: 1, maxLength: 256 }), fileType: Type.Optional(fileType) },
  { additionalProperties: false },
);
export type DownloadFileInput = Static<typeof downloadFileBody>;
