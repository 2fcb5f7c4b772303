// The dialogs behind the actions that need input or confirmation (spec §2 Devices, §5 Files).
import { useState, type FormEvent } from 'react';
import { buttonClass } from '@/components/ui/button';
import { Dialog, DialogFooter } from '@/components/ui/dialog';
import { FormField, inputClass } from '@/components/ui/form-field';
import type { Device } from '@provisor/server/contract';

interface ActionDialogProps {
  device: Device;
  pending: boolean;
  onClose: () => void;
}

function Footer({
  pending,
  submitLabel,
  onClose,
  danger = false,
}: {
  pending: boolean;
  submitLabel: string;
  onClose: () => void;
  danger?: boolean;
}) {
  return (
    <DialogFooter>
      <button type="button" className={buttonClass('secondary')} onClick={onClose}>
        Cancel
      </button>
      <button type="submit" className={buttonClass(danger ? 'danger' : 'primary')} disabled={pending}>
        {submitLabel}
      </button>
    </DialogFooter>
  );
}

export function FactoryResetDialog({
  device,
  pending,
  onClose,
  onConfirm,
}: ActionDialogProps & { onConfirm: () => void }) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onConfirm();
  };
  return (
    <Dialog title="Factory Reset" size="sm" onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <p className="text-sm text-slate-700">
          Factory reset {device.serialNumber}? The device loses its configuration.
        </p>
        <Footer pending={pending} submitLabel="Reset Device" onClose={onClose} danger />
      </form>
    </Dialog>
  );
}

export function UploadFileDialog({
  device,
  pending,
  onClose,
  onSubmit,
}: ActionDialogProps & { onSubmit: (input: { file: File; targetPath: string }) => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [targetPath, setTargetPath] = useState('');
  const [errors, setErrors] = useState<{ file?: string; targetPath?: string }>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // spec §5: upload needs both a file and a target path.
    const next = {
      ...(file ? {} : { file: 'File is required' }),
      ...(targetPath.trim() ? {} : { targetPath: 'Target path is required' }),
    };
    setErrors(next);
    if (file && targetPath.trim()) onSubmit({ file, targetPath: targetPath.trim() });
  };

  return (
    <Dialog
      title="Upload File"
      description={`Send a file to ${device.serialNumber}; the device fetches it at its next session.`}
      onClose={onClose}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <FormField label="File" error={errors.file}>
          {(props) => (
            <input
              {...props}
              type="file"
              className={inputClass}
              onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            />
          )}
        </FormField>
        <FormField label="Target Path" error={errors.targetPath} hint="Where the file goes on the device.">
          {(props) => (
            <input
              {...props}
              type="text"
              className={inputClass}
              placeholder="/tmp/firmware.bin"
              value={targetPath}
              onChange={(event) => setTargetPath(event.target.value)}
            />
          )}
        </FormField>
        <Footer pending={pending} submitLabel="Upload" onClose={onClose} />
      </form>
    </Dialog>
  );
}

export function DownloadFileDialog({
  device,
  pending,
  onClose,
  onSubmit,
}: ActionDialogProps & { onSubmit: (filePath: string) => void }) {
  const [filePath, setFilePath] = useState('');
  const [error, setError] = useState<string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // spec §5: download needs a file path.
    if (!filePath.trim()) return setError('File path is required');
    setError(undefined);
    onSubmit(filePath.trim());
  };

  return (
    <Dialog
      title="Download File"
      description={`Fetch a file from ${device.serialNumber}; it appears under the device's files.`}
      onClose={onClose}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <FormField label="File Path" error={error} hint="The path of the file on the device.">
          {(props) => (
            <input
              {...props}
              type="text"
              className={inputClass}
              placeholder="/var/log/messages"
              value={filePath}
              onChange={(event) => setFilePath(event.target.value)}
            />
          )}
        </FormField>
        <Footer pending={pending} submitLabel="Download" onClose={onClose} />
      </form>
    </Dialog>
  );
}

/** spec §5: restore accepts .xml and .json files. */
export const RESTORE_ACCEPT = '.xml,.json';
export const RESTORE_EXTENSION_MESSAGE = 'Only .xml and .json configuration files can be restored';
const isRestorable = (name: string) => /\.(xml|json)$/i.test(name);

export function RestoreConfigDialog({
  device,
  pending,
  onClose,
  onSubmit,
}: ActionDialogProps & { onSubmit: (configFile: File) => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string>();

  const check = (candidate: File | null): string | undefined => {
    if (!candidate) return 'Configuration file is required';
    if (!isRestorable(candidate.name)) return `${RESTORE_EXTENSION_MESSAGE}; "${candidate.name}" is neither.`;
    return undefined;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = check(file);
    setError(problem);
    if (!problem && file) onSubmit(file);
  };

  return (
    <Dialog
      title="Restore Configuration"
      description={`Replace the configuration of ${device.serialNumber} with a saved one.`}
      onClose={onClose}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <FormField label="Configuration File" error={error} hint="An .xml or .json configuration file.">
          {(props) => (
            <input
              {...props}
              type="file"
              accept={RESTORE_ACCEPT}
              className={inputClass}
              onChange={(event) => {
                const chosen = event.target.files?.[0] ?? null;
                setFile(chosen);
                setError(chosen ? check(chosen) : undefined);
              }}
            />
          )}
        </FormField>
        <Footer pending={pending} submitLabel="Restore" onClose={onClose} />
      </form>
    </Dialog>
  );
}
