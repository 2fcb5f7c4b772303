import type { Selectable } from 'kysely';
import type { FileKind } from '../../contract/files';

export { FILE_KINDS, type FileKind } from '../../contract/files';

/** A file in the store: operators' firmware and configuration files, and what CPEs upload. */
export interface FilesTable {
  id: string;
  kind: FileKind;
  /** The name shown to people (sanitised); never used as a path. */
  name: string;
  size: number;
  sha256: string;
  content_type: string;
  /** The device it came from or belongs to, if any. */
  device_id: string | null;
  job_id: string | null;
  created_at: string;
}

export type FileRow = Selectable<FilesTable>;
