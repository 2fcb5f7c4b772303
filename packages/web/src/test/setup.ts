import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Screens other than the Dashboard are lazy (app/routes.tsx): the first visit waits for the import and
// React's 300 ms Suspense reveal throttle, so findBy* gets more than its default 1 s on a busy machine.
configure({ asyncUtilTimeout: 3_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
