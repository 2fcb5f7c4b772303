import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { BulkImportCsvInput, BulkImportCsvResult } from '@provisor/server/contract';

/** spec §7: POST /api/profiles/bulk-import-csv { csvData, templateId, generatePasswords }. */
export const importCustomersCsv = (input: Required<BulkImportCsvInput>) =>
  api.post<BulkImportCsvResult>('/api/profiles/bulk-import-csv', input);

/** The created profiles show in every profile list (Profiles, assignment dropdowns). */
export function useImportCustomersCsv() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importCustomersCsv,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.profiles.all }),
  });
}
