import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ValidationResult } from '@provisor/server/contract';

export interface ValidateValuesInput {
  templateId: string;
  values: Record<string, unknown>;
}

/** The dialog's Validate: the values on screen against the template (spec §7 templates validate). */
export const validateProfileValues = ({
  templateId,
  values,
}: ValidateValuesInput): Promise<ValidationResult> =>
  api.post<ValidationResult>(`/api/templates/${encodeURIComponent(templateId)}/validate`, { values });

export const useValidateProfileValues = () => useMutation({ mutationFn: validateProfileValues });
