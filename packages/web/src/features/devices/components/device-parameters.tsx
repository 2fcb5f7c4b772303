import { ChevronDown, ChevronRight, RefreshCw, Search } from 'lucide-react';
import { useMemo, useState } from 'react';
import { toast } from '@/lib/toast';
import { buttonClass } from '@/components/ui/button';
import { inputClass } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { useDeviceJobs } from '../api/get-device-jobs';
import { useDeviceParameters } from '../api/get-device-parameters';
import { useRefreshDeviceParameters } from '../api/refresh-device-parameters';
import { useSetDeviceParameters } from '../api/set-device-parameters';
import { serverDetail } from '../lib/action-error';
import {
  buildParameterTree,
  filterParameters,
  pathsToDepth,
  type ParameterNode,
} from '../lib/parameter-tree';
import type { DeviceParameter, Job } from '@provisor/server/contract';
import { ParameterRow, type ParameterWriteState } from './parameter-row';
import { useGuard } from '@/hooks/use-role';

/** Trees up to this size open fully; larger ones open two levels deep. */
const EXPAND_ALL_UP_TO = 300;
/** A filter that matches more than this shows the first ones only. */
const MAX_FILTERED_ROWS = 500;

export function DeviceParameters({ deviceId }: { deviceId: string }) {
  // Issue 22: changes are for a role that may make them; others see why.
  const guard = useGuard();
  const { data: parameters, isPending, isError } = useDeviceParameters(deviceId);
  const { data: jobs } = useDeviceJobs(deviceId);
  const setParameters = useSetDeviceParameters();
  const refresh = useRefreshDeviceParameters();
  const [filter, setFilter] = useState('');
  const [expanded, setExpanded] = useState<Set<string> | null>(null);
  const [selected, setSelected] = useState('');
  // Writes made from this page: parameter name -> the value and the job carrying it.
  const [writes, setWrites] = useState<Record<string, { value: string; jobId?: string }>>({});

  const tree = useMemo(() => buildParameterTree(parameters ?? []), [parameters]);
  const open = useMemo(
    () =>
      expanded ??
      new Set(tree.count <= EXPAND_ALL_UP_TO ? pathsToDepth(tree, Infinity) : pathsToDepth(tree, 2)),
    [expanded, tree],
  );
  const jobsById = useMemo(() => new Map((jobs ?? []).map((job) => [job.id, job])), [jobs]);

  const toggle = (path: string) => {
    const next = new Set(open);
    if (next.has(path)) next.delete(path);
    else next.add(path);
    setExpanded(next);
    setSelected(path);
  };

  const save = async (parameter: DeviceParameter, value: string): Promise<boolean> => {
    setWrites((current) => ({ ...current, [parameter.name]: { value } }));
    try {
      const answer = await setParameters.mutateAsync({
        deviceId,
        // The stored type goes along, so that the device gets e.g. an unsignedInt and not a string.
        parameters: [{ name: parameter.name, value, type: parameter.type }],
      });
      setWrites((current) => ({ ...current, [parameter.name]: { value, jobId: answer.job.id } }));
      toast.success('Parameter change scheduled', { description: `${parameter.name} = ${value}` });
      return true;
    } catch (error) {
      setWrites(({ [parameter.name]: _dropped, ...rest }) => rest);
      toast.error('Failed to set parameter', { description: serverDetail(error) });
      return false;
    }
  };

  const writeState = (name: string): ParameterWriteState | undefined => {
    const write = writes[name];
    if (!write) return undefined;
    const job: Job | undefined = write.jobId ? jobsById.get(write.jobId) : undefined;
    // A completed write shows in the refreshed value itself; failures stay visible with their error.
    if (job && job.status === 'completed') return undefined;
    return { value: write.value, job };
  };

  const runRefresh = () =>
    refresh.mutate(
      { deviceId, path: selected },
      {
        onSuccess: () =>
          toast.success('Refresh scheduled', {
            description: `${selected || 'All parameters'} will be read from the device at its next session.`,
          }),
        onError: (error) => toast.error('Failed to refresh parameters', { description: serverDetail(error) }),
      },
    );

  const renderNode = (node: ParameterNode, depth: number) => (
    <div key={node.path || 'root'} role="group" aria-label={node.path || 'Parameters'}>
      {node.path ? (
        <button
          type="button"
          aria-expanded={open.has(node.path)}
          data-testid={`param-object-${node.path}`}
          onClick={() => toggle(node.path)}
          className={`flex w-full items-center gap-1.5 py-1.5 pr-3 text-left text-sm hover:bg-slate-50 ${
            selected === node.path ? 'bg-blue-50 text-blue-800' : 'text-slate-800'
          }`}
          style={{ paddingLeft: `${0.5 + (depth - 1) * 1.25}rem` }}
        >
          {open.has(node.path) ? (
            <ChevronDown aria-hidden="true" className="h-4 w-4 shrink-0 text-slate-400" />
          ) : (
            <ChevronRight aria-hidden="true" className="h-4 w-4 shrink-0 text-slate-400" />
          )}
          <span className="font-mono text-xs font-medium">{node.label}.</span>
          <span className="text-[11px] text-slate-400">{node.count}</span>
        </button>
      ) : null}
      {!node.path || open.has(node.path) ? (
        <>
          {node.parameters.map((parameter) => (
            <ParameterRow
              key={parameter.name}
              parameter={parameter}
              label={parameter.name.slice(node.path.length)}
              depth={depth}
              write={writeState(parameter.name)}
              onSave={save}
            />
          ))}
          {node.children.map((child) => renderNode(child, depth + 1))}
        </>
      ) : null}
    </div>
  );

  const matches = filter.trim() ? filterParameters(parameters ?? [], filter) : null;

  return (
    <section
      className="rounded-lg bg-white shadow-sm ring-1 ring-slate-200"
      aria-labelledby="device-params-heading"
    >
      <div className="flex flex-col gap-3 border-b border-slate-200 px-5 py-3 sm:flex-row sm:items-center">
        <h2 id="device-params-heading" className="text-sm font-semibold text-slate-900">
          Parameters
          {parameters ? <span className="ml-2 font-normal text-slate-500">{parameters.length}</span> : null}
        </h2>
        <div className="relative sm:ml-auto sm:w-80">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-400"
          />
          <input
            type="search"
            aria-label="Filter parameters"
            placeholder="Filter parameters by name..."
            className={`${inputClass} py-1.5 pl-9`}
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
          />
        </div>
        <button
          type="button"
          className={buttonClass('secondary', 'sm')}
          onClick={runRefresh}
          disabled={guard.disabled || refresh.isPending}
          title={guard.title ?? 'Reads the selected object (or the whole tree) from the device again'}
        >
          <RefreshCw aria-hidden="true" className="h-4 w-4" />
          Refresh{' '}
          <span className="max-w-56 truncate font-mono text-xs" data-testid="refresh-path">
            {selected || 'all'}
          </span>
        </button>
      </div>
      <div className="max-h-[36rem] overflow-y-auto py-1">
        {isPending ? (
          <div className="flex justify-center py-8">
            <Spinner />
          </div>
        ) : isError ? (
          <p role="alert" className="px-5 py-6 text-sm text-red-700">
            Failed to load the parameters.
          </p>
        ) : parameters.length === 0 ? (
          <p className="px-5 py-6 text-sm text-slate-500">
            No parameters stored yet. They arrive with the device&apos;s Inform, or use Refresh to read them.
          </p>
        ) : matches ? (
          matches.length === 0 ? (
            <p className="px-5 py-6 text-sm text-slate-500">
              No parameters match &quot;{filter.trim()}&quot;.
            </p>
          ) : (
            <>
              {matches.slice(0, MAX_FILTERED_ROWS).map((parameter) => (
                <ParameterRow
                  key={parameter.name}
                  parameter={parameter}
                  label={parameter.name}
                  depth={0}
                  write={writeState(parameter.name)}
                  onSave={save}
                />
              ))}
              {matches.length > MAX_FILTERED_ROWS ? (
                <p className="px-5 py-2 text-xs text-slate-500">
                  Showing the first {MAX_FILTERED_ROWS} of {matches.length} matches; narrow the filter to see
                  more.
                </p>
              ) : null}
            </>
          )
        ) : (
          renderNode(tree, 0)
        )}
      </div>
    </section>
  );
}
