// What a device does once a session is over (TR-069 Amendment 6, A.3.2, A.4.1): reboot (1 BOOT + M Reboot),
// factory reset (0 BOOTSTRAP + 1 BOOT, ParameterKey ""), transfers (7 TRANSFER COMPLETE +
// M Download/M Upload and a TransferComplete; a firmware image reboots the device first), and
// scheduled informs (3 SCHEDULED + M ScheduleInform).
import type { Download, Upload } from '@provisor/cwmp';
import { ParameterTree } from '../model/parameter-tree';
import { addEvent } from './device-state';
import { rebootEventsFor, STANDARD_REBOOTS } from './reboot-behaviour';
import type { FinishedTransfer } from './device-state';
import type { AfterSessionAction } from './serve-rpc';
import type { SimDevice } from './sim-device';
import {
  buildConfigFile,
  buildLogFile,
  downloadFile,
  firmwareVersionOf,
  parseConfigFile,
  uploadFile,
} from './transfers';
import type { TransferResult } from './transfers';

/** Runs the actions; returns true when the device is now rebooting (it will inform by itself). */
export function runAfterSession(device: SimDevice, actions: readonly AfterSessionAction[]): boolean {
  let rebooting = false;
  const scale = device.config.timing.timeScale;
  const reboots = device.config.reboots ?? STANDARD_REBOOTS;
  for (const action of actions) {
    switch (action.kind) {
      case 'reboot':
        device.reboot(rebootEventsFor(reboots, action.commandKey));
        rebooting = true;
        break;
      case 'factory-reset':
        factoryReset(device, reboots.factoryResetEvents === 'boot-only');
        device.reboot([]);
        rebooting = true;
        break;
      case 'schedule-inform':
        device.later(action.delaySeconds * 1000 * scale, () => {
          addEvent(device.state, '3 SCHEDULED');
          addEvent(device.state, 'M ScheduleInform', action.commandKey);
          device.requestSession();
        });
        break;
      case 'download':
        device.later(transferDelayMs(device, action.request), () => void runDownload(device, action.request));
        break;
      case 'upload':
        device.later(transferDelayMs(device, action.request), () => void runUpload(device, action.request));
        break;
    }
  }
  return rebooting;
}

/** When an accepted transfer starts: its DelaySeconds, and the device's own start-up time. */
function transferDelayMs(device: SimDevice, req: Download | Upload): number {
  const t = device.config.timing;
  return (req.delaySeconds * 1000 + t.transferStartMs) * t.timeScale;
}

/**
 * TR-069 Amendment 6, A.4.1.6: values back to the model's, ParameterKey "", nothing pending; next
 * is 0 BOOTSTRAP, unless the device keeps its bootstrap with this ACS (a router that reports 1 BOOT
 * alone).
 */
export function factoryReset(device: SimDevice, keepBootstrap: boolean): void {
  const s = device.state;
  s.tree = new ParameterTree(device.config.hooks.factoryNodes());
  if (!keepBootstrap) s.bootstrapUrl = '';
  s.events = [];
  s.changed.clear();
  s.finished = [];
  s.queued = [];
  device.config.hooks.changed(device);
}

function setQueuedState(
  device: SimDevice,
  commandKey: string,
  isDownload: boolean,
  state: 1 | 2 | 'done',
): void {
  const q = device.state.queued;
  const i = q.findIndex((t) => t.commandKey === commandKey && t.isDownload === isDownload);
  if (i < 0) return;
  if (state === 'done') q.splice(i, 1);
  else (q[i] as { state: 1 | 2 }).state = state;
}

function finish(device: SimDevice, req: Download | Upload, r: TransferResult, detail?: string): void {
  const { commandKey } = req;
  const isDownload = req.name === 'Download';
  const t: FinishedTransfer = {
    commandKey,
    isDownload,
    fault: r.fault,
    startTime: r.startTime,
    completeTime: r.completeTime,
  };
  setQueuedState(device, commandKey, isDownload, 'done');
  device.state.finished.push(t);
  addEvent(device.state, '7 TRANSFER COMPLETE');
  addEvent(device.state, isDownload ? 'M Download' : 'M Upload', commandKey);
  device.sessionLog.add({
    kind: 'transfer',
    direction: isDownload ? 'download' : 'upload',
    commandKey,
    fileType: req.fileType,
    ...(req.name === 'Download'
      ? { targetFileName: req.targetFileName }
      : { method: device.config.uploadMethod ?? 'PUT' }),
    faultCode: r.fault.faultCode,
    ...(detail !== undefined ? { detail } : {}),
  });
  device.config.hooks.changed(device);
}

async function runDownload(device: SimDevice, req: Download): Promise<void> {
  setQueuedState(device, req.commandKey, true, 2);
  const result = await downloadFile(req, device.config.transferLimits);
  const body = result.body;
  delete result.body;
  if (result.fault.faultCode !== 0 || body === undefined) {
    finish(device, req, result);
    device.requestSession();
    return;
  }
  const root = device.state.root;
  if (req.fileType === '1 Firmware Upgrade Image') {
    // The new image reports its version after the reboot: 1 BOOT + 7 TRANSFER COMPLETE + M Download.
    const version = firmwareVersionOf(body, req.url);
    device.state.tree.setLocal(`${root}DeviceInfo.SoftwareVersion`, version);
    finish(device, req, result, `firmware ${version}`);
    device.reboot([]);
    return;
  }
  if (req.fileType === '3 Vendor Configuration File') {
    const config = parseConfigFile(body);
    if (config !== null) {
      const applied = device.state.tree.setParameterValues(
        config.parameters.map((p) => ({ name: p.name, value: p.value })),
      );
      if (!applied.ok) {
        const f = {
          faultCode: 9018,
          faultString: `File corrupted: the configuration does not fit this device (${applied.code})`,
        };
        finish(device, req, { ...result, fault: f });
        device.requestSession();
        return;
      }
      finish(device, req, result, `configuration applied (${config.parameters.length} values)`);
      device.requestSession();
      return;
    }
  }
  finish(device, req, result, `${body.length} bytes stored`);
  device.requestSession();
}

async function runUpload(device: SimDevice, req: Upload): Promise<void> {
  setQueuedState(device, req.commandKey, false, 2);
  const isConfig = req.fileType.includes('Configuration');
  const content = isConfig
    ? JSON.stringify(buildConfigFile(device.state), null, 1)
    : buildLogFile(
        device.state,
        device.sessionLog.entries.map((e) => `${new Date(e.at).toISOString()} ${JSON.stringify(e)}`),
      );
  const result = await uploadFile(
    req,
    content,
    isConfig ? 'application/json' : 'text/plain',
    device.config.transferLimits,
    device.config.uploadMethod,
  );
  finish(device, req, result);
  device.requestSession();
}
