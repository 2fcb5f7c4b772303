import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { TemplateAnswer, TemplateInput } from '@provisor/server/contract';

export const createTemplate = (input: TemplateInput): Promise<TemplateAnswer> =>
  api.post<TemplateAnswer>('/api/templates', input);

export function useCreateTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTemplate,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.templates.all }),
  });
}
