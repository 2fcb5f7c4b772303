import type { Campaign } from '@provisor/server/contract';
import { formatDateTime } from '@/lib/format';
import { waveLabel } from '../lib/progress';

/** Each wave's routers by where they stand, and when it started and finished. */
export function WavesTable({ campaign }: { campaign: Campaign }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[48rem] text-left text-sm">
        <thead className="bg-slate-50 text-xs font-medium tracking-wide text-slate-500 uppercase">
          <tr>
            <th className="px-4 py-2">Wave</th>
            <th className="px-4 py-2 text-right">Total</th>
            <th className="px-4 py-2 text-right">Pending</th>
            <th className="px-4 py-2 text-right">Upgrading</th>
            <th className="px-4 py-2 text-right">Upgraded</th>
            <th className="px-4 py-2 text-right">Failed</th>
            <th className="px-4 py-2">Started</th>
            <th className="px-4 py-2">Finished</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {campaign.waveCounts.map((w) => {
            const share =
              w.index === 0 ? `${campaign.canarySize} routers` : `to ${campaign.waves[w.index - 1]}%`;
            return (
              <tr
                key={w.index}
                data-testid={`wave-${w.index}`}
                data-complete={w.finishedAt ? 'true' : 'false'}
                className={w.index === campaign.currentWave ? 'bg-blue-50/40' : undefined}
              >
                <td className="px-4 py-2 font-medium text-slate-900">
                  {waveLabel(w.index)} <span className="font-normal text-slate-500">({share})</span>
                </td>
                <td className="px-4 py-2 text-right tabular-nums">{w.total}</td>
                <td className="px-4 py-2 text-right tabular-nums">{w.pending}</td>
                <td className="px-4 py-2 text-right tabular-nums">{w.upgrading}</td>
                <td className="px-4 py-2 text-right tabular-nums text-green-700" data-testid="wave-upgraded">
                  {w.upgraded}
                </td>
                <td className="px-4 py-2 text-right tabular-nums text-red-700" data-testid="wave-failed">
                  {w.failed}
                </td>
                <td className="px-4 py-2 whitespace-nowrap text-slate-600">{formatDateTime(w.startedAt)}</td>
                <td className="px-4 py-2 whitespace-nowrap text-slate-600" data-testid="wave-finished">
                  {w.finishedAt ? formatDateTime(w.finishedAt) : w.startedAt ? 'In progress' : 'Not started'}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
