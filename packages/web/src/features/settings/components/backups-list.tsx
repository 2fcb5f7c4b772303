import { Spinner } from '@/components/ui/spinner';
import { useBackups } from '../api/get-backups';

const size = (bytes: number) =>
  bytes >= 1_048_576 ? `${(bytes / 1_048_576).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** GET /api/settings/backups: the SQLite database's scheduled backups, newest first. */
export function BackupsList() {
  const query = useBackups();
  let body;
  if (query.isPending) body = <Spinner className="h-5 w-5" />;
  else if (query.isError)
    body = (
      <p role="alert" className="text-sm text-red-700">
        Could not load the backups list. Check that the server is running, then open this tab again.
      </p>
    );
  else if (!query.data.available)
    body = (
      <p className="text-sm text-slate-600">
        Backups run only on SQLite; back PostgreSQL up with its own tools.
      </p>
    );
  else if (query.data.backups.length === 0)
    body = <p className="text-sm text-slate-600">No backups yet in {query.data.directory}.</p>;
  else
    body = (
      <div className="overflow-x-auto">
        <table className="min-w-full text-left text-sm">
          <thead className="text-xs text-slate-500 uppercase">
            <tr>
              <th className="py-2 pr-4">Name</th>
              <th className="py-2 pr-4">Created</th>
              <th className="py-2">Size</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {query.data.backups.map((backup) => (
              <tr key={backup.name}>
                <td className="py-2 pr-4 font-mono text-xs whitespace-nowrap">{backup.name}</td>
                <td className="py-2 pr-4 whitespace-nowrap">{new Date(backup.createdAt).toLocaleString()}</td>
                <td className="py-2 whitespace-nowrap">{size(backup.sizeBytes)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  return (
    <section
      aria-labelledby="backups-heading"
      className="space-y-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <h2 id="backups-heading" className="text-base font-semibold text-slate-900">
        Backups
      </h2>
      {body}
    </section>
  );
}
