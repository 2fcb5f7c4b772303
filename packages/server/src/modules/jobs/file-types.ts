// The FileType of a transfer the operator starts (issue 23, point 8). upload-file sends an operator's
// file with a Download (TR-069 Amendment 6, A.3.2.8), download-file asks the router for one of its
// files with an Upload (A.4.1.5); each FileType says what the router does with the file, so it is the
// operator's choice, checked here, with a default that cannot reconfigure or reflash the router.
import { DOWNLOAD_FILE_TYPES, UPLOAD_FILE_TYPES } from '../../contract';
import { AppError } from '../../errors';

/** upload-file: plain content at the target path, never applied as configuration or firmware. */
export const DEFAULT_DOWNLOAD_FILE_TYPE = '2 Web Content';
/** download-file: the router's log, which reading changes nothing. */
export const DEFAULT_UPLOAD_FILE_TYPE = '2 Vendor Log File';

/** "X <OUI> <name>": OUI as six upper-case hexadecimal digits (A.3.2.8). */
const VENDOR_FILE_TYPE = /^X [0-9A-F]{6} \S.*$/;
/** "3 Vendor Configuration File <i>" / "4 Vendor Log File <i>" (A.4.1.5). */
const UPLOAD_INSTANCE = /^([34]) Vendor (Configuration|Log) File ([1-9]\d*)$/;
/** A file instance of the data model: DeviceInfo.VendorConfigFile.{i} or VendorLogFile.{i} (TR-098, TR-181). */
const FILE_INSTANCE_PATH =
  /^(?:Device|InternetGatewayDevice)\.DeviceInfo\.Vendor(Config|Log)File\.([1-9]\d*)(?:\.|\.Name)?$/;
const MAX_FILE_TYPE = 64;

const quoted = (list: readonly string[]) => list.map((t) => `"${t}"`).join(', ');

/** The FileType of an upload-file job: the operator's, checked, or the default. */
export function downloadFileType(given: string | undefined): string {
  const fileType = given?.trim() || DEFAULT_DOWNLOAD_FILE_TYPE;
  const known = (DOWNLOAD_FILE_TYPES as readonly string[]).includes(fileType);
  if (known || (VENDOR_FILE_TYPE.test(fileType) && fileType.length <= MAX_FILE_TYPE)) return fileType;
  throw new AppError(
    400,
    'Invalid file type',
    `fileType "${fileType}" is not a TR-069 Download FileType. Use one of ${quoted(DOWNLOAD_FILE_TYPES)}, or a vendor type "X <OUI> <name>" (the OUI as six upper-case hexadecimal digits; at most ${MAX_FILE_TYPE} characters).`,
  );
}

type FileClass = 'Configuration' | 'Log';
const classOf = (fileType: string): FileClass | null =>
  fileType.includes('Vendor Configuration File')
    ? 'Configuration'
    : fileType.includes('Vendor Log File')
      ? 'Log'
      : null;
const instanceType = (cls: FileClass, i: string) =>
  cls === 'Configuration' ? `3 Vendor Configuration File ${i}` : `4 Vendor Log File ${i}`;

function isUploadFileType(fileType: string): boolean {
  return (UPLOAD_FILE_TYPES as readonly string[]).includes(fileType) || UPLOAD_INSTANCE.test(fileType);
}

function uploadFileTypeError(fileType: string): AppError {
  return new AppError(
    400,
    'Invalid file type',
    `fileType "${fileType}" is not a TR-069 Upload FileType. Use one of ${quoted(UPLOAD_FILE_TYPES)}, "3 Vendor Configuration File <i>" or "4 Vendor Log File <i>" (<i>: the instance of DeviceInfo.VendorConfigFile or VendorLogFile).`,
  );
}

/** The device's files as its data model lists them: instance, class and Name. */
function listedFiles(tree: Readonly<Record<string, { value?: string }>>) {
  const files: { cls: FileClass; instance: string; name: string }[] = [];
  for (const [path, p] of Object.entries(tree)) {
    const m = /^(?:Device|InternetGatewayDevice)\.DeviceInfo\.Vendor(Config|Log)File\.(\d+)\.Name$/.exec(
      path,
    );
    if (m && p.value)
      files.push({ cls: m[1] === 'Config' ? 'Configuration' : 'Log', instance: m[2]!, name: p.value });
  }
  // Logs before configurations when the operator names no class: reading a log changes nothing.
  return files.sort((a, b) => a.cls.localeCompare(b.cls) * -1 || Number(a.instance) - Number(b.instance));
}

const lastSegment = (path: string) => path.split('/').pop() ?? path;

/**
 * The FileType of a download-file job. An Upload names no path (A.4.1.5): a file is asked for by its
 * class ("1 Vendor Configuration File", "2 Vendor Log File") or by its instance in the data model
 * ("3 ... <i>", "4 ... <i>"). So filePath picks the instance where the router lists it:
 * - a FileType itself (as earlier versions took it): that FileType;
 * - a data-model path, `DeviceInfo.VendorLogFile.2.`: "4 Vendor Log File 2";
 * - a file the device's known tree lists under VendorConfigFile.{i}.Name or VendorLogFile.{i}.Name
 *   (the same name, or the same last segment): that instance, within the class of `fileType` if given;
 * - anything else: `fileType` (default "2 Vendor Log File"), the router's own file of that class.
 * A `fileType` that contradicts the path is refused rather than one of them ignored.
 */
export function uploadFileType(
  filePath: string,
  given: string | undefined,
  tree: Readonly<Record<string, { value?: string }>>,
): string {
  const fileType = given?.trim() || undefined;
  if (fileType !== undefined && !isUploadFileType(fileType)) throw uploadFileTypeError(fileType);
  const path = filePath.trim();
  const conflict = (meant: string) =>
    new AppError(
      400,
      'File type does not match the path',
      `filePath "${path}" asks for "${meant}" but fileType is "${fileType}". Give the fileType "${meant}", or leave fileType out.`,
    );

  if (isUploadFileType(path)) {
    if (fileType !== undefined && fileType !== path) throw conflict(path);
    return path;
  }
  const instancePath = FILE_INSTANCE_PATH.exec(path);
  if (instancePath) {
    const meant = instanceType(instancePath[1] === 'Config' ? 'Configuration' : 'Log', instancePath[2]!);
    const sameClass =
      fileType !== undefined && !UPLOAD_INSTANCE.test(fileType) && classOf(fileType) === classOf(meant);
    if (fileType !== undefined && fileType !== meant && !sameClass) throw conflict(meant);
    return meant;
  }
  if (fileType !== undefined && UPLOAD_INSTANCE.test(fileType)) return fileType;
  const wanted = fileType === undefined ? null : classOf(fileType);
  const candidates = listedFiles(tree).filter((f) => wanted === null || f.cls === wanted);
  const found =
    candidates.find((f) => f.name === path) ??
    candidates.find((f) => lastSegment(f.name) === lastSegment(path));
  if (found) return instanceType(found.cls, found.instance);
  return fileType ?? DEFAULT_UPLOAD_FILE_TYPE;
}
