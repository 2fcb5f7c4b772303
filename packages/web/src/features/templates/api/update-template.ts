import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { TemplateAnswer, TemplateInput } from '@provisor/server/contract';

export interface UpdateTemplateInput {
  id: string;
  input: TemplateInput;
}

export const updateTemplate = ({ id, input }: UpdateTemplateInput): Promise<TemplateAnswer> =>
  api.put<TemplateAnswer>(`/api/templates/${encodeURIComponent(id)}`, input);

export function useUpdateTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTemplate,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.templates.all });
      // The server validates and renders the template's profiles again.
      void queryClient.invalidateQueries({ queryKey: queryKeys.profiles.all });
    },
  });
}
