import type { GroupFilter } from '@provisor/server/contract';
import { Spinner } from '@/components/ui/spinner';
import { serverDetail } from '@/lib/api-error';
import { useGroupPreview } from '../api/preview-group';

/** The size of a filter's group and its software versions, as the server counts them now. */
export function GroupPreviewBox({ filter }: { filter: GroupFilter | undefined }) {
  const preview = useGroupPreview(filter);
  if (filter === undefined) return null;
  let body;
  if (preview.data) {
    const { size, versions } = preview.data;
    body = (
      <>
        <p className="font-medium text-slate-900" data-testid="group-preview-size">
          {size} {size === 1 ? 'device matches' : 'devices match'}
        </p>
        {versions.length > 0 ? (
          <ul className="mt-1 flex flex-wrap gap-1.5" aria-label="Current software versions">
            {versions.map((v) => (
              <li
                key={v.softwareVersion}
                className="rounded bg-white px-1.5 py-0.5 text-xs text-slate-700 ring-1 ring-slate-200"
              >
                {v.softwareVersion || '(none)'}: {v.count}
              </li>
            ))}
          </ul>
        ) : null}
      </>
    );
  } else if (preview.isError) {
    body = (
      <p role="alert" className="text-red-700">
        Could not count the group: {serverDetail(preview.error) ?? 'check the connection'}.
      </p>
    );
  } else {
    body = (
      <p className="flex items-center gap-2 text-slate-600">
        <Spinner /> Counting devices...
      </p>
    );
  }
  return (
    <div
      className="rounded-md bg-slate-50 p-3 text-sm ring-1 ring-slate-200"
      aria-live="polite"
      data-testid="group-preview"
    >
      {body}
    </div>
  );
}
