import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { exportFileName } from '../lib/template-form';
import type { Template } from '@provisor/server/contract';

/**
 * spec §2 Templates: the export is a JSON download named after the template. The route needs the
 * bearer token, so a bare link would answer 401: fetch through the API client and save the bytes
 * from an object URL.
 */
export async function exportTemplate(template: Pick<Template, 'id' | 'name'>): Promise<string> {
  const blob = await api.get<Blob>(`/api/templates/${encodeURIComponent(template.id)}/export`, {
    responseType: 'blob',
  });
  const fileName = exportFileName(template.name);
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Give the browser a moment to start the download before the URL goes away.
    setTimeout(() => URL.revokeObjectURL(url), 1_000);
  }
  return fileName;
}

export const useExportTemplate = () =>
  useMutation({
    mutationFn: exportTemplate,
    // spec §8: a failed export is only logged.
    onError: (error) => console.error('Template export failed', error),
  });
