// File transfers for Download and Upload (TR-069 Amendment 6, A.3.2.8, A.4.1.5): a real HTTP GET or PUT
// with optional Basic/Digest credentials. Outcomes are FaultStructs for TransferComplete (A.3.3.2:
// FaultCode 0 = success, else 9010-9020), never exceptions.
import type { FaultStruct } from '@provisor/cwmp';
import { faultName } from '@provisor/cwmp';
import { HttpAuthenticator } from '../transport/http-auth';
import { HttpError, httpRequest } from '../transport/http-request';
import type { HttpResponse } from '../transport/http-request';
import type { DeviceState } from './device-state';
import { isHidden } from './serve-rpc';

export interface TransferLimits {
  /** Deadline of the whole transfer, ms. */
  timeoutMs: number;
  /** Largest file a device downloads, bytes (a real CPE's flash is finite). */
  maxDownloadBytes: number;
}

export const DEFAULT_TRANSFER_LIMITS: TransferLimits = {
  timeoutMs: 60_000,
  maxDownloadBytes: 64 * 1024 * 1024,
};

export interface TransferResult {
  fault: FaultStruct;
  startTime: string;
  completeTime: string;
  body?: Buffer;
}

/** The simulator's own configuration file format (Upload "1 Vendor Configuration File"). */
export const CONFIG_FORMAT = 'provisor-sim-config/1';

export interface ConfigFile {
  format: typeof CONFIG_FORMAT;
  serialNumber: string;
  parameters: { name: string; value: string; type: string }[];
}

const iso = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');

function fault(code: number, detail?: string): FaultStruct {
  const base = faultName(code) ?? 'Transfer failure';
  return { faultCode: code, faultString: (detail ? `${base}: ${detail}` : base).slice(0, 256) };
}

/**
 * How a device sends an Upload's file. TR-069 Amendment 6, 3.4.3 names HTTP PUT, and icwmp uses
 * `curl -T`; other routers POST the file (issue 23, point 4).
 */
export type UploadMethod = 'PUT' | 'POST';

async function exchange(
  url: URL,
  method: 'GET' | UploadMethod,
  credentials: { username: string; password: string } | undefined,
  limits: TransferLimits,
  body?: string,
  contentType?: string,
): Promise<HttpResponse> {
  const auth = new HttpAuthenticator(credentials);
  for (let round = 0; ; round++) {
    const headers: Record<string, string> = {};
    if (contentType !== undefined) headers['content-type'] = contentType;
    const authorization = auth.header(method, url.pathname + url.search);
    if (authorization !== undefined) headers.authorization = authorization;
    const res = await httpRequest(url, {
      method,
      headers,
      body,
      timeoutMs: limits.timeoutMs,
      maxBodyBytes: limits.maxDownloadBytes,
    });
    if (res.status !== 401 || round >= 2 || auth.challenged(res.headers['www-authenticate']) !== 'retry')
      return res;
  }
}

function networkFault(e: unknown, contactCode: number): FaultStruct {
  if (e instanceof HttpError && e.code === 'too-large') return fault(9017, e.message);
  if (e instanceof HttpError && e.code === 'timeout') return fault(9017, e.message);
  return fault(contactCode, (e as Error).message);
}

export async function downloadFile(
  req: { url: string; username: string; password: string; fileSize: number },
  limits = DEFAULT_TRANSFER_LIMITS,
): Promise<TransferResult> {
  const startTime = iso();
  const credentials = req.username !== '' ? { username: req.username, password: req.password } : undefined;
  let res: HttpResponse;
  try {
    res = await exchange(new URL(req.url), 'GET', credentials, limits);
  } catch (e) {
    return { fault: networkFault(e, 9015), startTime, completeTime: iso() };
  }
  const done = (f: FaultStruct, body?: Buffer): TransferResult => ({
    fault: f,
    startTime,
    completeTime: iso(),
    ...(body ? { body } : {}),
  });
  if (res.status === 401 || res.status === 403) return done(fault(9012, `HTTP ${res.status}`));
  if (res.status < 200 || res.status > 299) return done(fault(9016, `HTTP ${res.status}`));
  // A non-zero Download FileSize (TR-069 Amendment 6, A.3.2.8) must match what arrived.
  if (req.fileSize > 0 && res.body.length !== req.fileSize) {
    return done(fault(9017, `received ${res.body.length} bytes, FileSize says ${req.fileSize}`));
  }
  return done({ faultCode: 0, faultString: '' }, res.body);
}

export async function uploadFile(
  req: { url: string; username: string; password: string },
  content: string,
  contentType: string,
  limits = DEFAULT_TRANSFER_LIMITS,
  method: UploadMethod = 'PUT',
): Promise<TransferResult> {
  const startTime = iso();
  const credentials = req.username !== '' ? { username: req.username, password: req.password } : undefined;
  try {
    const res = await exchange(new URL(req.url), method, credentials, limits, content, contentType);
    const completeTime = iso();
    if (res.status === 401 || res.status === 403)
      return { fault: fault(9012, `HTTP ${res.status}`), startTime, completeTime };
    if (res.status < 200 || res.status > 299)
      return { fault: fault(9011, `HTTP ${res.status}`), startTime, completeTime };
    return { fault: { faultCode: 0, faultString: '' }, startTime, completeTime };
  } catch (e) {
    return { fault: networkFault(e, 9011), startTime, completeTime: iso() };
  }
}

/**
 * The version a firmware image installs: JSON `{"version": "..."}`, text starting
 * `PROVISOR-FIRMWARE <version>`, or else the file name without its extension.
 */
export function firmwareVersionOf(body: Buffer, url: string): string {
  const head = body.subarray(0, 4096).toString('utf8');
  const magic = /^PROVISOR-FIRMWARE[ \t]+(\S+)/.exec(head);
  if (magic?.[1]) return magic[1];
  if (head.trimStart().startsWith('{')) {
    try {
      const json = JSON.parse(body.toString('utf8')) as { version?: unknown };
      if (typeof json.version === 'string' && json.version !== '') return json.version;
    } catch {
      // not JSON after all: fall through to the file name
    }
  }
  const file = decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '');
  return file.replace(/\.(bin|img|fw|tar|gz|zip|json|txt)$/gi, '') || 'unknown';
}

export function buildConfigFile(state: DeviceState): ConfigFile {
  const parameters: ConfigFile['parameters'] = [];
  for (const n of state.tree.walk()) {
    if (!n.object && n.writable && !isHidden(n.name))
      parameters.push({ name: n.name, value: n.value, type: n.type });
  }
  return { format: CONFIG_FORMAT, serialNumber: state.serial, parameters };
}

/** Reads a configuration file of the simulator's format; null when it is anything else. */
export function parseConfigFile(body: Buffer): ConfigFile | null {
  try {
    const json = JSON.parse(body.toString('utf8')) as Partial<ConfigFile>;
    if (json.format !== CONFIG_FORMAT || !Array.isArray(json.parameters)) return null;
    const ok = json.parameters.every((p) => typeof p?.name === 'string' && typeof p.value === 'string');
    return ok ? (json as ConfigFile) : null;
  } catch {
    return null;
  }
}

export function buildLogFile(state: DeviceState, lines: readonly string[]): string {
  return (
    [`Provisor simulated CPE ${state.oui}-${state.productClass}-${state.serial}`, ...lines].join('\n') + '\n'
  );
}
