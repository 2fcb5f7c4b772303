import type { Campaign } from '@provisor/server/contract';
import { CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartFrame } from '@/components/ui/chart-frame';
import { useCampaignProgress } from '../api/get-campaign-progress';
import { chartPoints } from '../lib/progress';

const SIZE = { width: 640, height: 256 };

/** Upgraded and failed over time: the server's points, then the live counts of campaign_update. */
export function ProgressChart({ campaign }: { campaign: Campaign }) {
  const progress = useCampaignProgress(campaign.id);
  const points = chartPoints(progress.data?.points ?? [], campaign);
  if (progress.isError && points.length === 0)
    return (
      <p role="alert" className="py-16 text-center text-sm text-red-700">
        Failed to load the campaign's progress.
      </p>
    );
  if (points.length === 0)
    return <p className="py-16 text-center text-sm text-slate-500">No router upgraded or failed yet.</p>;
  return (
    <ChartFrame size={SIZE} data-testid="campaign-chart" data-points={points.length}>
      <LineChart data={points}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="label" tick={{ fontSize: 11 }} minTickGap={24} />
        <YAxis allowDecimals={false} tick={{ fontSize: 11 }} width={40} domain={[0, campaign.counts.total]} />
        <Tooltip />
        <Legend />
        <Line
          type="stepAfter"
          dataKey="upgraded"
          name="Upgraded"
          stroke="#16a34a"
          dot={false}
          isAnimationActive={false}
        />
        <Line
          type="stepAfter"
          dataKey="failed"
          name="Failed"
          stroke="#dc2626"
          dot={false}
          isAnimationActive={false}
        />
      </LineChart>
    </ChartFrame>
  );
}
