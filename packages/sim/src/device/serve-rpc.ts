// The CPE methods (TR-069 Amendment 6, A.3.2, A.4.1) with their real semantics, against one device's state.
// Work that outlives the session (reboot, transfers, scheduled informs) is returned as an action
// for the device to run after the session ends.
import { cwmpFault } from '@provisor/cwmp';
import type { CpeMethodRequest, CpeMethodResponse, CwmpFault, Download, Upload } from '@provisor/cwmp';
import type { Fault } from '../model/parameter-tree';
import { UNKNOWN_TIME, toParameterValue } from './device-state';
import type { DeviceState } from './device-state';

export type AfterSessionAction =
  | { kind: 'reboot'; commandKey: string }
  | { kind: 'factory-reset' }
  | { kind: 'download'; request: Download }
  | { kind: 'upload'; request: Upload }
  | { kind: 'schedule-inform'; delaySeconds: number; commandKey: string };

export interface ServeContext {
  /** Actions to run after the session, appended in order. */
  after: AfterSessionAction[];
  /** Fault injection: SetParameterValues answers this fault instead of applying (e.g. 9002). */
  failSetParameterValues?: number;
  /** A router that reads values only by full name: a partial path in GetParameterValues gets this fault. */
  refusePartialPaths?: number;
  /** Names listed by GetParameterNames that GetParameterValues refuses with 9005. */
  unreadable?: ReadonlySet<string>;
  /** A router that will not take a file: every Download gets this fault (e.g. 9010). */
  refuseDownloads?: number;
}

/** The methods this CPE implements, for GetRPCMethods. */
export const SUPPORTED_METHODS = [
  'GetRPCMethods',
  'SetParameterValues',
  'GetParameterValues',
  'GetParameterNames',
  'SetParameterAttributes',
  'GetParameterAttributes',
  'AddObject',
  'DeleteObject',
  'Reboot',
  'Download',
  'Upload',
  'FactoryReset',
  'ScheduleInform',
  'GetQueuedTransfers',
  'GetAllQueuedTransfers',
] as const;

/** Hidden parameters (passwords, passphrases; TR-181, TR-098) read back as an empty string. */
export function isHidden(name: string): boolean {
  return /(Password|Passphrase|PreSharedKey|WEPKey)$/.test(name);
}

const UPLOAD_TYPES =
  /^(1 Vendor Configuration File|2 Vendor Log File|3 Vendor Configuration File \d+|4 Vendor Log File \d+)$/;

function toFault(f: Fault): CwmpFault {
  const entries = f.parameterFaults?.map((p) => ({
    parameterName: p.name,
    faultCode: p.code,
    faultString: cwmpFault(p.code).faultString,
  }));
  return cwmpFault(f.code, f.message, entries);
}

function storeKey(state: DeviceState, key: string): void {
  // TR-069 Amendment 6, A.3.2.1, A.3.2.6, A.3.2.7: ParameterKey changes only when SPV, AddObject or
  // DeleteObject succeeds.
  state.tree.setLocal(`${state.root}ManagementServer.ParameterKey`, key);
}

function transferUrlFault(url: string): CwmpFault | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return cwmpFault(9003, `Invalid URL: ${url.slice(0, 80)}`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    return cwmpFault(9013, `Unsupported protocol for file transfer: ${parsed.protocol}`);
  }
  return undefined;
}

export function serveRpc(
  state: DeviceState,
  req: CpeMethodRequest,
  ctx: ServeContext,
): CpeMethodResponse | CwmpFault {
  const tree = state.tree;
  switch (req.name) {
    case 'GetRPCMethods':
      return { name: 'GetRPCMethodsResponse', methodList: [...SUPPORTED_METHODS] };
    case 'GetParameterValues': {
      const partial = req.parameterNames.find((n) => n === '' || n.endsWith('.'));
      if (ctx.refusePartialPaths !== undefined && partial !== undefined) {
        return cwmpFault(ctx.refusePartialPaths, `Partial path not supported: ${partial || '""'}`, [
          {
            parameterName: partial,
            faultCode: ctx.refusePartialPaths,
            faultString: 'Partial path not supported',
          },
        ]);
      }
      const refused = ctx.unreadable && req.parameterNames.find((n) => ctx.unreadable!.has(n));
      if (refused) {
        return cwmpFault(9005, `Invalid parameter name: ${refused}`, [
          { parameterName: refused, faultCode: 9005, faultString: 'Invalid parameter name' },
        ]);
      }
      const r = tree.getParameterValues(req.parameterNames);
      if (!r.ok) return toFault(r);
      return {
        name: 'GetParameterValuesResponse',
        parameterList: r.parameters.map((p) =>
          toParameterValue(p.name, isHidden(p.name) ? '' : p.value, p.type),
        ),
      };
    }
    case 'GetParameterNames': {
      const r = tree.getParameterNames(req.parameterPath, req.nextLevel);
      if (!r.ok) return toFault(r);
      return { name: 'GetParameterNamesResponse', parameterList: r.parameters };
    }
    case 'SetParameterValues': {
      if (ctx.failSetParameterValues !== undefined) return cwmpFault(ctx.failSetParameterValues);
      if (req.parameterKey.length > 32) return cwmpFault(9003, 'ParameterKey longer than 32 characters');
      const r = tree.setParameterValues(
        req.parameterList.map((p) => ({ name: p.name, value: p.raw, type: p.xsiType ?? `xsd:${p.type}` })),
      );
      if (!r.ok) return toFault(r);
      storeKey(state, req.parameterKey);
      return { name: 'SetParameterValuesResponse', status: 0 };
    }
    case 'SetParameterAttributes': {
      const r = tree.setParameterAttributes(req.parameterList);
      return r.ok ? { name: 'SetParameterAttributesResponse' } : toFault(r);
    }
    case 'GetParameterAttributes': {
      const r = tree.getParameterAttributes(req.parameterNames);
      return r.ok ? { name: 'GetParameterAttributesResponse', parameterList: r.parameters } : toFault(r);
    }
    case 'AddObject': {
      const r = tree.addObject(req.objectName);
      if (!r.ok) return toFault(r);
      storeKey(state, req.parameterKey);
      return { name: 'AddObjectResponse', instanceNumber: r.instanceNumber, status: 0 };
    }
    case 'DeleteObject': {
      const r = tree.deleteObject(req.objectName);
      if (!r.ok) return toFault(r);
      storeKey(state, req.parameterKey);
      return { name: 'DeleteObjectResponse', status: 0 };
    }
    case 'Reboot':
      ctx.after.push({ kind: 'reboot', commandKey: req.commandKey });
      return { name: 'RebootResponse' };
    case 'FactoryReset':
      ctx.after.push({ kind: 'factory-reset' });
      return { name: 'FactoryResetResponse' };
    case 'ScheduleInform':
      if (req.delaySeconds < 1) return cwmpFault(9003, 'DelaySeconds must be at least 1');
      ctx.after.push({ kind: 'schedule-inform', delaySeconds: req.delaySeconds, commandKey: req.commandKey });
      return { name: 'ScheduleInformResponse' };
    case 'Download': {
      if (ctx.refuseDownloads !== undefined)
        return cwmpFault(ctx.refuseDownloads, 'Download refused by the device');
      const bad = transferUrlFault(req.url);
      if (bad) return bad;
      state.queued.push({
        commandKey: req.commandKey,
        state: 1,
        isDownload: true,
        fileType: req.fileType,
        fileSize: req.fileSize,
        targetFileName: req.targetFileName,
      });
      ctx.after.push({ kind: 'download', request: req });
      // TR-069 Amendment 6, A.3.2.8: Status 1 = the transfer runs later and a TransferComplete follows.
      return { name: 'DownloadResponse', status: 1, startTime: UNKNOWN_TIME, completeTime: UNKNOWN_TIME };
    }
    case 'Upload': {
      const bad = transferUrlFault(req.url);
      if (bad) return bad;
      if (!UPLOAD_TYPES.test(req.fileType))
        return cwmpFault(9003, `Unsupported FileType for Upload: ${req.fileType}`);
      // "3 Vendor Configuration File <i>" / "4 Vendor Log File <i>" name DeviceInfo.VendorConfigFile.{i}
      // / VendorLogFile.{i} (TR-069 Amendment 6, A.4.1.5): a file the device does not have is refused.
      const instance = /^([34]) Vendor (?:Configuration|Log) File (\d+)$/.exec(req.fileType);
      if (instance) {
        const table = instance[1] === '3' ? 'VendorConfigFile' : 'VendorLogFile';
        if (state.tree.node(`${state.root}DeviceInfo.${table}.${instance[2]}.`) === undefined)
          return cwmpFault(9003, `No file ${table}.${instance[2]} on this device`);
      }
      state.queued.push({
        commandKey: req.commandKey,
        state: 1,
        isDownload: false,
        fileType: req.fileType,
        fileSize: 0,
        targetFileName: '',
      });
      ctx.after.push({ kind: 'upload', request: req });
      return { name: 'UploadResponse', status: 1, startTime: UNKNOWN_TIME, completeTime: UNKNOWN_TIME };
    }
    case 'GetQueuedTransfers':
      return {
        name: 'GetQueuedTransfersResponse',
        transferList: state.queued.slice(0, 16).map((t) => ({ commandKey: t.commandKey, state: t.state })),
      };
    case 'GetAllQueuedTransfers':
      return {
        name: 'GetAllQueuedTransfersResponse',
        transferList: state.queued.slice(0, 16).map((t) => ({ ...t })),
      };
    default:
      return cwmpFault(9000, `Method not supported: ${req.name}`);
  }
}
