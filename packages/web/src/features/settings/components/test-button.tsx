import type { SettingsTestInput, SettingsTestResult } from '@provisor/server/contract';
import { useState, type ReactNode } from 'react';
import { buttonClass } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { serverDetail } from '@/lib/api-error';
import { useTestSettings } from '../api/test-settings';

/**
 * "Test" for one section (POST /api/settings/test): what the server found, in its words. Tests the
 * settings as saved, which the note says.
 */
export function TestButton({
  type,
  deviceId,
  disabledReason,
  children,
}: {
  type: SettingsTestInput['type'];
  deviceId?: string;
  /** Why the test cannot run yet (e.g. no device chosen); shown instead of running. */
  disabledReason?: string;
  children?: ReactNode;
}) {
  const test = useTestSettings();
  const [result, setResult] = useState<SettingsTestResult | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const run = () => {
    setResult(null);
    setProblem(disabledReason ?? null);
    if (disabledReason) return;
    test.mutate(
      { type, ...(deviceId ? { deviceId } : {}) },
      {
        onSuccess: setResult,
        onError: (error) => {
          const detail = serverDetail(error) ?? 'no answer from the server';
          // The server's sentences end with their own full stop.
          setProblem(`The test could not run: ${detail}${/[.!?]$/.test(detail) ? '' : '.'}`);
        },
      },
    );
  };
  return (
    <div className="md:col-span-2 space-y-2">
      <div className="flex flex-wrap items-end gap-3">
        {children}
        <button
          type="button"
          className={buttonClass('secondary', 'sm')}
          onClick={run}
          disabled={test.isPending}
        >
          {test.isPending ? <Spinner className="h-4 w-4" /> : null}
          Test
        </button>
        <span className="text-xs text-slate-500">Tests the saved settings.</span>
      </div>
      {result ? (
        <p
          role="status"
          className={`text-sm ${result.success ? 'text-green-700' : 'text-red-700'}`}
          data-testid={`test-result-${type}`}
        >
          {result.success ? 'Test passed: ' : 'Test failed: '}
          {result.message}
        </p>
      ) : null}
      {problem ? (
        <p role="alert" className="text-sm text-red-700" data-testid={`test-result-${type}`}>
          {problem}
        </p>
      ) : null}
    </div>
  );
}
