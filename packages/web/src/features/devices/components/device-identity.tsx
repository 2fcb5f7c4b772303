import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { isApiError } from '@/lib/api-error';
import { useAssignedProfile } from '../api/get-assigned-profile';
import { formatDateTime, formatRelativeTime } from '@/lib/format';
import type { Device } from '@provisor/server/contract';

function Field({ name, label, children }: { name: string; label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-sm break-words text-slate-900" data-testid={`device-field-${name}`}>
        {children}
      </dd>
    </div>
  );
}

const orDash = (value: string | undefined | null) => (value ? value : '—');

/** Who the device is, how to reach it, and when it last spoke to us. */
export function DeviceIdentity({ device }: { device: Device }) {
  return (
    <section
      className="rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200"
      aria-labelledby="device-info-heading"
    >
      <h2 id="device-info-heading" className="mb-4 text-sm font-semibold text-slate-900">
        Device Information
      </h2>
      <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2 lg:grid-cols-3">
        <Field name="serialNumber" label="Serial Number">
          <span className="font-mono">{device.serialNumber}</span>
        </Field>
        <Field name="oui" label="OUI">
          <span className="font-mono">{device.oui}</span>
        </Field>
        <Field name="productClass" label="Product Class">
          {orDash(device.productClass)}
        </Field>
        <Field name="manufacturer" label="Manufacturer">
          {orDash(device.manufacturer)}
        </Field>
        <Field name="softwareVersion" label="Software Version">
          {orDash(device.softwareVersion)}
        </Field>
        <Field name="hardwareVersion" label="Hardware Version">
          {orDash(device.hardwareVersion)}
        </Field>
        <Field name="connectionRequestUrl" label="Connection Request URL">
          <span className="font-mono text-xs">{orDash(device.connectionRequestUrl)}</span>
        </Field>
        <Field name="externalIp" label="External IP">
          <span className="font-mono">{orDash(device.externalIp)}</span>
        </Field>
        <Field name="periodicInformInterval" label="Periodic Inform Interval">
          {device.periodicInformInterval ? `${device.periodicInformInterval} s` : '—'}
        </Field>
        <Field name="lastInformAt" label="Last Inform">
          {device.lastInformAt ? (
            <>
              {formatDateTime(device.lastInformAt)}{' '}
              <span className="text-slate-500">({formatRelativeTime(device.lastInformAt)})</span>
            </>
          ) : (
            'Never'
          )}
        </Field>
        <Field name="lastEvents" label="Last Inform Events">
          {device.lastEvents && device.lastEvents.length > 0 ? (
            <span className="flex flex-wrap gap-1">
              {device.lastEvents.map((event) => (
                <span
                  key={event}
                  className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-700"
                >
                  {event}
                </span>
              ))}
            </span>
          ) : (
            '—'
          )}
        </Field>
        <Field name="assignedProfileId" label="Assigned Profile">
          {device.assignedProfileId ? <AssignedProfile id={device.assignedProfileId} /> : 'None'}
        </Field>
      </dl>
    </section>
  );
}

/** The assigned profile by its name, linked to it on the Profiles screen (spec §2: /profiles?edit={id}). */
function AssignedProfile({ id }: { id: string }) {
  const profile = useAssignedProfile(id);
  if (profile.data) {
    return (
      <Link
        to={`/profiles?edit=${encodeURIComponent(id)}`}
        className="font-medium text-blue-700 hover:underline"
        data-testid="assigned-profile-link"
      >
        {profile.data.name}
      </Link>
    );
  }
  // Until its name comes, the id (as before).
  if (profile.isPending) return <span className="font-mono text-xs">{id}</span>;
  const gone = isApiError(profile.error) && profile.error.status === 404;
  return (
    <span className="text-slate-600">
      {gone ? 'A deleted profile' : 'Profile not loaded'}{' '}
      <span className="font-mono text-xs text-slate-500">({id})</span>
    </span>
  );
}
