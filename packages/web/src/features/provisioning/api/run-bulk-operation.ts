import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { BulkResults } from '@provisor/server/contract';
import type { BulkRequest } from '../lib/operation-form';

/** What a bulk call gave: the jobs' group, or the exported file (already handed to the browser). */
export type BulkOutcome = { kind: 'jobs'; answer: BulkResults } | { kind: 'export'; fileName: string };

/** The file name the server gave in Content-Disposition, else a dated default. */
const EXPORT_NAME = (format: string) => `parameters-${new Date().toISOString().slice(0, 10)}.${format}`;

function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoke later: the download reads the object URL after this tick.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export async function runBulkOperation(request: BulkRequest): Promise<BulkOutcome> {
  if (request.kind === 'export') {
    const blob = await api.post<Blob>(request.path, request.body, { responseType: 'blob' });
    const fileName = EXPORT_NAME(request.body.format);
    saveFile(blob, fileName);
    return { kind: 'export', fileName };
  }
  return { kind: 'jobs', answer: await api.post<BulkResults>(request.path, request.body) };
}

/** spec §2 Provisioning: on success the device list is refreshed (the caller clears the selection). */
export function useRunBulkOperation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runBulkOperation,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.devices.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.jobs.all });
    },
  });
}
