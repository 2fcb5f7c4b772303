import { Cell, Legend, Pie, PieChart, Tooltip } from 'recharts';
import type { DeviceStats } from '@/api/get-stats';
import { ChartFrame } from '@/components/ui/chart-frame';
import { distribution, percentLabel } from '../lib/stats';
import { Panel } from './panel';

const READY = { isPending: false, isError: false, hasData: true, retry: () => {} };

/** spec §2: "Device Status Distribution", only non-zero slices, percent labels. */
export function StatusDistribution({ stats }: { stats: DeviceStats }) {
  const slices = distribution(stats);
  return (
    <Panel title="Device Status Distribution" state={READY}>
      {slices.length === 0 ? (
        <p className="py-16 text-center text-sm text-slate-500">No devices registered yet</p>
      ) : (
        <>
          <ChartFrame size={{ width: 320, height: 256 }} data-testid="status-distribution">
            <PieChart>
              <Pie
                data={slices}
                dataKey="value"
                nameKey="name"
                outerRadius="75%"
                isAnimationActive={false}
                label={({ percent }) => percentLabel(percent ?? 0)}
              >
                {slices.map((slice) => (
                  // One slice alone is a whole disc: no border line from its start to the centre.
                  <Cell
                    key={slice.name}
                    fill={slice.color}
                    {...(slices.length === 1 ? { stroke: 'none' } : {})}
                  />
                ))}
              </Pie>
              <Tooltip />
              <Legend />
            </PieChart>
          </ChartFrame>
          <ul className="sr-only">
            {slices.map((slice) => (
              <li key={slice.name}>
                {slice.name}: {slice.value}
              </li>
            ))}
          </ul>
        </>
      )}
    </Panel>
  );
}
