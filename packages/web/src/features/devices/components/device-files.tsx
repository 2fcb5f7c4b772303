import { Download } from 'lucide-react';
import { toast } from '@/lib/toast';
import { buttonClass } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useDownloadStoredFile } from '../api/download-stored-file';
import { useDeviceFiles } from '../api/get-device-files';
import { serverDetail } from '../lib/action-error';
import { formatBytes, formatDateTime } from '@/lib/format';

/** Backups, logs and uploaded files of the device; downloads go through the API client (bearer token). */
export function DeviceFiles({ deviceId }: { deviceId: string }) {
  const { data: files, isPending, isError } = useDeviceFiles(deviceId);
  const download = useDownloadStoredFile();
  return (
    <section
      className="rounded-lg bg-white shadow-sm ring-1 ring-slate-200"
      aria-labelledby="device-files-heading"
    >
      <h2
        id="device-files-heading"
        className="border-b border-slate-200 px-5 py-3 text-sm font-semibold text-slate-900"
      >
        Files
      </h2>
      {isPending ? (
        <div className="flex justify-center py-8">
          <Spinner />
        </div>
      ) : isError ? (
        <p role="alert" className="px-5 py-6 text-sm text-red-700">
          Failed to load the device's files.
        </p>
      ) : files.length === 0 ? (
        <p className="px-5 py-6 text-sm text-slate-500">No files for this device yet.</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {files.map((file) => (
            <li
              key={file.id}
              className="flex items-center gap-3 px-5 py-3"
              data-testid={`file-row-${file.id}`}
            >
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium text-slate-900">{file.name}</p>
                <p className="text-xs text-slate-500">
                  <span className="rounded bg-slate-100 px-1.5 py-0.5 text-slate-700">{file.kind}</span>{' '}
                  {formatBytes(file.size)} · {formatDateTime(file.createdAt)}
                </p>
              </div>
              <button
                type="button"
                aria-label={`Download ${file.name}`}
                className={buttonClass('secondary', 'sm')}
                disabled={download.isPending && download.variables?.downloadUrl === file.downloadUrl}
                onClick={() =>
                  download.mutate(file, {
                    onError: (error) =>
                      toast.error('Failed to download file', { description: serverDetail(error) }),
                  })
                }
              >
                <Download aria-hidden="true" className="h-4 w-4" />
                Download
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
