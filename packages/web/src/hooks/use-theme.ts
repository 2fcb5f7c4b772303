// UI Settings "theme" (issue 18): dark puts the `dark` class on <html>; system follows the OS.
import { useEffect } from 'react';
import { useUiSettingsStore } from '@/stores/ui-settings-store';

export function useTheme(): void {
  const theme = useUiSettingsStore((state) => state.theme);
  useEffect(() => {
    const root = document.documentElement;
    const media =
      typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-color-scheme: dark)') : null;
    const apply = () =>
      root.classList.toggle('dark', theme === 'dark' || (theme === 'system' && Boolean(media?.matches)));
    apply();
    if (theme !== 'system' || !media) return () => root.classList.remove('dark');
    media.addEventListener('change', apply);
    return () => {
      media.removeEventListener('change', apply);
      root.classList.remove('dark');
    };
  }, [theme]);
}
