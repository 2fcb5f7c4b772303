// The dialogs behind the actions that need input or confirmation (spec §2 Devices, §5 Files).
import { useState, type FormEvent } from 'react';
import { buttonClass } from '@/components/ui/button';
import { Dialog, DialogFooter } from '@/components/ui/dialog';
import { FormField, inputClass } from '@/components/ui/form-field';
import { everyValue } from '@/lib/every-value';
import type { Device, DownloadFileType, UploadFileType } from '@provisor/server/contract';

/** TR-069 Download FileTypes (A.3.2.8), for a file sent to the device; the server's default first. */
const SEND_FILE_TYPES = everyValue<DownloadFileType>()([
  '2 Web Content',
  '1 Firmware Upgrade Image',
  '3 Vendor Configuration File',
  '4 Tone File',
  '5 Ringer File',
]);
/** TR-069 Upload FileTypes (A.4.1.5), for a file fetched from the device; the server's default first. */
const FETCH_FILE_TYPES = everyValue<UploadFileType>()(['2 Vendor Log File', '1 Vendor Configuration File']);

function FileTypeField({
  value,
  options,
  hint,
  onChange,
}: {
  value: string;
  options: readonly string[];
  hint: string;
  onChange: (value: string) => void;
}) {
  return (
    <FormField label="File Type" hint={hint}>
      {(props) => (
        <select
          {...props}
          name="fileType"
          className={inputClass}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        >
          {options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}

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
}: ActionDialogProps & {
  onSubmit: (input: { file: File; targetPath: string; fileType: string }) => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [targetPath, setTargetPath] = useState('');
  const [fileType, setFileType] = useState<string>(SEND_FILE_TYPES[0]);
  const [errors, setErrors] = useState<{ file?: string; targetPath?: string }>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // spec §5: upload needs both a file and a target path.
    const next = {
      ...(file ? {} : { file: 'File is required' }),
      ...(targetPath.trim() ? {} : { targetPath: 'Target path is required' }),
    };
    setErrors(next);
    if (file && targetPath.trim()) onSubmit({ file, targetPath: targetPath.trim(), fileType });
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
        <FileTypeField
          value={fileType}
          options={SEND_FILE_TYPES}
          hint="What the device does with the file (TR-069 FileType)."
          onChange={setFileType}
        />
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
}: ActionDialogProps & { onSubmit: (input: { filePath: string; fileType: string }) => void }) {
  const [filePath, setFilePath] = useState('');
  const [fileType, setFileType] = useState<string>(FETCH_FILE_TYPES[0]);
  const [error, setError] = useState<string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // spec §5: download needs a file path.
    if (!filePath.trim()) return setError('File path is required');
    setError(undefined);
    onSubmit({ filePath: filePath.trim(), fileType });
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
        <FileTypeField
          value={fileType}
          options={FETCH_FILE_TYPES}
          hint="A file the device lists under DeviceInfo is asked for by its path; else the device's own file of this type."
          onChange={setFileType}
        />
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
