import { useQueryClient } from '@tanstack/react-query';
import type { LiveEvents, PerformanceHistory } from '@provisor/server/contract';
import { Area, AreaChart, CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartFrame } from '@/components/ui/chart-frame';
import { useLiveMessages } from '@/hooks/use-live';
import { queryKeys } from '@/lib/query-keys';
import { usePerformance } from '../api/get-performance';
import { appendSample, chartPoints } from '../lib/performance';
import { Panel, panelState } from './panel';

const SIZE = { width: 480, height: 256 };

/**
 * spec §2: "System Resources" and "Network Activity", from GET /api/stats/performance, each live
 * performance_update appended to the same cache entry, the last 20 points kept. Real samples only.
 */
export function ResourceCharts() {
  const query = usePerformance();
  const queryClient = useQueryClient();
  useLiveMessages((message) => {
    if (message.type !== 'performance_update') return;
    queryClient.setQueryData<PerformanceHistory>(queryKeys.performance.history(), (history) =>
      appendSample(
        history ?? { intervalSeconds: 5, samples: [] },
        message.payload as LiveEvents['performance_update'],
        message.timestamp,
      ),
    );
  });
  const points = chartPoints(query.data?.samples ?? []);
  // The newest sample, also as attributes (for tests and scrapers reading the page).
  const latest = points.at(-1);
  const state = panelState(query);
  const waiting = <p className="py-16 text-center text-sm text-slate-500">Waiting for the first sample...</p>;
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      <Panel title="System Resources" state={state}>
        {points.length === 0 ? (
          waiting
        ) : (
          <ChartFrame
            size={SIZE}
            data-testid="system-resources"
            data-points={points.length}
            data-latest-cpu={latest?.cpu}
            data-latest-memory={latest?.memory}
          >
            <AreaChart data={points}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis dataKey="time" tick={{ fontSize: 11 }} minTickGap={24} />
              <YAxis domain={[0, 100]} tick={{ fontSize: 11 }} width={36} />
              <Tooltip />
              <Legend />
              <Area
                type="monotone"
                dataKey="cpu"
                name="CPU Usage (%)"
                stackId="1"
                stroke="#2563eb"
                fill="#93c5fd"
                isAnimationActive={false}
              />
              <Area
                type="monotone"
                dataKey="memory"
                name="Memory Usage (%)"
                stackId="1"
                stroke="#16a34a"
                fill="#86efac"
                isAnimationActive={false}
              />
            </AreaChart>
          </ChartFrame>
        )}
      </Panel>
      <Panel title="Network Activity" state={state}>
        {points.length === 0 ? (
          waiting
        ) : (
          <ChartFrame
            size={SIZE}
            data-testid="network-activity"
            data-points={points.length}
            data-latest-time={latest?.time}
            data-latest-connections={latest?.connections}
            data-latest-requests={latest?.requests}
          >
            <LineChart data={points}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis dataKey="time" tick={{ fontSize: 11 }} minTickGap={24} />
              <YAxis tick={{ fontSize: 11 }} width={36} />
              <Tooltip />
              <Legend />
              <Line
                type="monotone"
                dataKey="connections"
                name="Active Connections"
                stroke="#7c3aed"
                dot={false}
                isAnimationActive={false}
              />
              <Line
                type="monotone"
                dataKey="requests"
                name="Requests/Second"
                stroke="#ea580c"
                dot={false}
                isAnimationActive={false}
              />
            </LineChart>
          </ChartFrame>
        )}
      </Panel>
    </div>
  );
}
