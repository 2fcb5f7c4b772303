// The device actions of spec §2 (Devices), shared by the row menu on /devices and the buttons on
// /devices/:id: what each one calls, its dialog, and its toasts (spec §8).
import {
  Archive,
  ArchiveRestore,
  Download,
  Eye,
  MoreVertical,
  PlugZap,
  Power,
  RotateCcw,
  Upload,
  type LucideIcon,
} from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useGuard } from '@/hooks/use-role';
import { toast } from '@/lib/toast';
import { buttonClass } from '@/components/ui/button';
import { Menu, menuItemClass } from '@/components/ui/menu';
import { useBackupDeviceConfig } from '../api/backup-device-config';
import { useDownloadDeviceFile } from '../api/download-device-file';
import { useFactoryResetDevice } from '../api/factory-reset-device';
import { useRebootDevice } from '../api/reboot-device';
import { useRestoreDeviceConfig } from '../api/restore-device-config';
import { useTestDeviceConnection } from '../api/test-device-connection';
import { useUploadDeviceFile } from '../api/upload-device-file';
import { serverDetail } from '../lib/action-error';
import type { Device } from '@provisor/server/contract';
import {
  DownloadFileDialog,
  FactoryResetDialog,
  RestoreConfigDialog,
  UploadFileDialog,
} from './device-action-dialogs';

export type DeviceActionKind =
  | 'reboot'
  | 'factory-reset'
  | 'upload-file'
  | 'download-file'
  | 'backup-config'
  | 'restore-config'
  | 'test-connection';

export const DEVICE_ACTIONS: readonly { kind: DeviceActionKind; label: string; icon: LucideIcon }[] = [
  { kind: 'reboot', label: 'Reboot', icon: Power },
  { kind: 'factory-reset', label: 'Factory Reset', icon: RotateCcw },
  { kind: 'upload-file', label: 'Upload File', icon: Upload },
  { kind: 'download-file', label: 'Download File', icon: Download },
  { kind: 'backup-config', label: 'Backup Configuration', icon: Archive },
  { kind: 'restore-config', label: 'Restore Configuration', icon: ArchiveRestore },
  { kind: 'test-connection', label: 'Test Connection', icon: PlugZap },
];

type DialogKind = Extract<
  DeviceActionKind,
  'factory-reset' | 'upload-file' | 'download-file' | 'restore-config'
>;

export interface DeviceActions {
  run: (kind: DeviceActionKind, device: Device) => void;
  /** The open dialog, if any: render it once, anywhere on the page. */
  dialogs: ReactNode;
}

/** One place that runs device actions; the page renders `dialogs`, and rows or buttons call `run`. */
export function useDeviceActions(): DeviceActions {
  const [dialog, setDialog] = useState<{ kind: DialogKind; device: Device } | null>(null);
  const reboot = useRebootDevice();
  const factoryReset = useFactoryResetDevice();
  const uploadFile = useUploadDeviceFile();
  const downloadFile = useDownloadDeviceFile();
  const backup = useBackupDeviceConfig();
  const restore = useRestoreDeviceConfig();
  const testConnection = useTestDeviceConnection();
  const close = () => setDialog(null);
  const failed = (title: string) => (error: unknown) => {
    toast.error(title, { description: serverDetail(error) });
  };

  const run = (kind: DeviceActionKind, device: Device) => {
    const deviceId = device.id;
    const serial = device.serialNumber;
    switch (kind) {
      case 'reboot':
        reboot.mutate(
          { deviceId },
          {
            onSuccess: () =>
              toast.success('Reboot scheduled', { description: `${serial} reboots at its next session.` }),
            // spec §8: "Failed to reboot device".
            onError: failed('Failed to reboot device'),
          },
        );
        return;
      case 'backup-config':
        backup.mutate(
          { deviceId },
          {
            onSuccess: () =>
              toast.success('Backup scheduled', {
                description: `The backup of ${serial} appears under its files when the device sends it.`,
              }),
            onError: failed('Failed to back up configuration'),
          },
        );
        return;
      case 'test-connection':
        testConnection.mutate(
          { deviceId },
          {
            onSuccess: (result) => {
              // spec §8: "Connection test successful"; otherwise the server's message.
              if (result.success)
                toast.success('Connection test successful', { description: result.message });
              else toast.error('Connection test failed', { description: result.message });
            },
            onError: failed('Connection test failed'),
          },
        );
        return;
      default:
        setDialog({ kind, device });
    }
  };

  let dialogs: ReactNode = null;
  if (dialog?.kind === 'factory-reset') {
    dialogs = (
      <FactoryResetDialog
        device={dialog.device}
        pending={factoryReset.isPending}
        onClose={close}
        onConfirm={() =>
          factoryReset.mutate(
            { deviceId: dialog.device.id },
            {
              onSuccess: () => {
                close();
                toast.success('Factory reset scheduled', {
                  description: `${dialog.device.serialNumber} resets at its next session.`,
                });
              },
              onError: failed('Failed to factory reset device'),
            },
          )
        }
      />
    );
  } else if (dialog?.kind === 'upload-file') {
    dialogs = (
      <UploadFileDialog
        device={dialog.device}
        pending={uploadFile.isPending}
        onClose={close}
        onSubmit={({ file, targetPath, fileType }) =>
          uploadFile.mutate(
            { deviceId: dialog.device.id, file, targetPath, fileType },
            {
              onSuccess: () => {
                close();
                toast.success('Upload scheduled', { description: `${file.name} goes to ${targetPath}.` });
              },
              onError: failed('Failed to upload file'),
            },
          )
        }
      />
    );
  } else if (dialog?.kind === 'download-file') {
    dialogs = (
      <DownloadFileDialog
        device={dialog.device}
        pending={downloadFile.isPending}
        onClose={close}
        onSubmit={({ filePath, fileType }) =>
          downloadFile.mutate(
            { deviceId: dialog.device.id, filePath, fileType },
            {
              onSuccess: () => {
                close();
                toast.success('Download scheduled', {
                  description: `${filePath} appears under the device's files when the device sends it.`,
                });
              },
              onError: failed('Failed to download file'),
            },
          )
        }
      />
    );
  } else if (dialog?.kind === 'restore-config') {
    dialogs = (
      <RestoreConfigDialog
        device={dialog.device}
        pending={restore.isPending}
        onClose={close}
        onSubmit={(configFile) =>
          restore.mutate(
            { deviceId: dialog.device.id, configFile },
            {
              onSuccess: () => {
                close();
                toast.success('Restore scheduled', {
                  description: `${dialog.device.serialNumber} loads ${configFile.name} at its next session.`,
                });
              },
              onError: failed('Failed to restore configuration'),
            },
          )
        }
      />
    );
  }

  return { run, dialogs };
}

/** The per-device action menu of a Devices row (spec §2), plus "View details". */
export function DeviceActionMenu({ device, actions }: { device: Device; actions: DeviceActions }) {
  // Issue 22: every action changes the device; a viewer sees them disabled, with why.
  const guard = useGuard();
  return (
    <Menu
      label={`Actions for ${device.serialNumber}`}
      trigger={<MoreVertical aria-hidden="true" className="h-4 w-4" />}
      triggerClassName={buttonClass('ghost', 'icon')}
    >
      {(close) => (
        <>
          <Link
            to={`/devices/${encodeURIComponent(device.id)}`}
            role="menuitem"
            className={menuItemClass}
            onClick={close}
          >
            <Eye aria-hidden="true" className="h-4 w-4 text-slate-400" />
            View details
          </Link>
          <div role="separator" className="my-1 border-t border-slate-100" />
          {DEVICE_ACTIONS.map(({ kind, label, icon: Icon }) => (
            <button
              key={kind}
              type="button"
              role="menuitem"
              className={`${menuItemClass} ${kind === 'factory-reset' ? 'text-red-700' : ''} disabled:cursor-not-allowed disabled:opacity-50`}
              {...guard}
              onClick={() => {
                close();
                actions.run(kind, device);
              }}
            >
              <Icon aria-hidden="true" className="h-4 w-4 text-slate-400" />
              {label}
            </button>
          ))}
        </>
      )}
    </Menu>
  );
}

/** The same actions as buttons, for the device page. */
export function DeviceActionButtons({ device, actions }: { device: Device; actions: DeviceActions }) {
  const guard = useGuard();
  return (
    <div className="flex flex-wrap gap-2" role="group" aria-label="Device actions">
      {DEVICE_ACTIONS.map(({ kind, label, icon: Icon }) => (
        <button
          key={kind}
          type="button"
          className={buttonClass('secondary', 'sm')}
          {...guard}
          onClick={() => actions.run(kind, device)}
        >
          <Icon aria-hidden="true" className="h-4 w-4 text-slate-500" />
          {label}
        </button>
      ))}
    </div>
  );
}
