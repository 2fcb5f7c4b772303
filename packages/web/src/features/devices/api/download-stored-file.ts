import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { StoredFile } from '@provisor/server/contract';

/**
 * The download URL needs the bearer token, so a bare link would answer 401: fetch the bytes through
 * the API client and hand them to the browser from an object URL.
 */
export async function downloadStoredFile(file: Pick<StoredFile, 'downloadUrl' | 'name'>): Promise<void> {
  const blob = await api.get<Blob>(file.downloadUrl, { responseType: 'blob' });
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = file.name;
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Give the browser a moment to start the download before the URL goes away.
    setTimeout(() => URL.revokeObjectURL(url), 1_000);
  }
}

export const useDownloadStoredFile = () => useMutation({ mutationFn: downloadStoredFile });
