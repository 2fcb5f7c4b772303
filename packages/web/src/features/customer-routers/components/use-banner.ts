import { useCallback, useEffect, useState } from 'react';

/** spec §4 / §9: the Customer Routers banner clears after 5 seconds. */
export const BANNER_MS = 5000;

export interface Banner {
  kind: 'success' | 'error';
  text: string;
}

export type ShowBanner = (kind: Banner['kind'], text: string) => void;

/** One transient banner; a new message replaces the old and starts its own 5 seconds. */
export function useBanner(): { banner: Banner | null; show: ShowBanner; clear: () => void } {
  const [banner, setBanner] = useState<Banner | null>(null);
  useEffect(() => {
    if (banner === null) return;
    const timer = setTimeout(() => setBanner(null), BANNER_MS);
    return () => clearTimeout(timer);
  }, [banner]);
  const show = useCallback<ShowBanner>((kind, text) => setBanner({ kind, text }), []);
  const clear = useCallback(() => setBanner(null), []);
  return { banner, show, clear };
}
