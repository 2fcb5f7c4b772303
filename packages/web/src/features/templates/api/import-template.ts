import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { TemplateAnswer } from '@provisor/server/contract';

// spec §7: multipart with the .json file in `template`.
export const importTemplate = (file: File): Promise<TemplateAnswer> => {
  const form = new FormData();
  form.append('template', file, file.name);
  return api.post<TemplateAnswer>('/api/templates/import', form);
};

export function useImportTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importTemplate,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.templates.all }),
  });
}
