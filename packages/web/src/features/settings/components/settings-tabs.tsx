import type { Settings } from '@provisor/server/contract';
import { useId, useState } from 'react';
import { inputClass } from '@/components/ui/form-field';
import { BackupsList } from './backups-list';
import { Field, FieldGroup, passwordHint } from './settings-fields';
import { TestButton } from './test-button';

export function ServerTab() {
  return (
    <FieldGroup title="Server">
      <Field name="server.host" />
      <Field
        name="server.port"
        hint="The HTTP port of the console, the API and CWMP. Changing it needs a restart."
      />
      <Field name="server.corsOrigin" hint="Empty: the console's own origin only." />
      <Field name="server.maxConnections" />
    </FieldGroup>
  );
}

/** CWMP and connection requests: both work in Provisor (issue 18 point 4), so nothing is marked otherwise. */
export function CwmpTab({ settings }: { settings: Settings }) {
  const [deviceId, setDeviceId] = useState('');
  const deviceField = useId();
  return (
    <div className="space-y-6">
      <FieldGroup title="CWMP/TR-069">
        <Field name="cwmp.enabled" />
        <Field name="cwmp.authRequired" />
        <Field name="cwmp.path" />
        <Field name="cwmp.sessionTimeout" />
        <Field
          name="cwmp.username"
          hint="The credentials routers must present when authentication is required."
        />
        <Field name="cwmp.password" hint={passwordHint(settings.cwmp.passwordSet)} />
        <Field name="cwmp.retryAttempts" />
        <TestButton type="cwmp" />
      </FieldGroup>
      <FieldGroup title="Connection Requests">
        <Field name="connectionRequest.enabled" />
        <Field name="connectionRequest.allowBasic" />
        <Field name="connectionRequest.port" />
        <Field name="connectionRequest.username" />
        <Field
          name="connectionRequest.password"
          hint={passwordHint(settings.connectionRequest.passwordSet)}
        />
        <Field
          name="connectionRequest.allowedNetworks"
          hint="One network per line (e.g. 10.0.0.0/8); empty allows any."
        />
        <TestButton
          type="connectionRequest"
          deviceId={deviceId.trim()}
          {...(deviceId.trim() === ''
            ? {
                disabledReason:
                  'Type the serial number (or the ID) of the device to send a test connection request to.',
              }
            : {})}
        >
          <div className="space-y-1">
            <label htmlFor={deviceField} className="block text-sm font-medium text-slate-700">
              Device for the test (serial number or ID)
            </label>
            <input
              id={deviceField}
              className={inputClass}
              value={deviceId}
              onChange={(event) => setDeviceId(event.target.value)}
            />
          </div>
        </TestButton>
      </FieldGroup>
    </div>
  );
}

/**
 * spec §2 Settings: SQLite is the embedded default. On PostgreSQL (DATABASE_URL) the type and path are
 * read-only: the environment chooses the database, not this form.
 */
export function DatabaseTab({ settings }: { settings: Settings }) {
  const postgres = settings.database.type === 'postgres';
  return (
    <div className="space-y-6">
      <FieldGroup title="Database">
        <Field name="database.type" disabled={postgres}>
          <option value="sqlite">SQLite (embedded, default)</option>
          {/* spec §2: MySQL is offered disabled, as in the original; this server does not run on it. */}
          <option value="mysql" disabled>
            MySQL
          </option>
          <option value="postgres" disabled={!postgres}>
            PostgreSQL
          </option>
        </Field>
        <Field
          name="database.path"
          disabled={postgres}
          hint={
            postgres
              ? 'The server runs on PostgreSQL: DATABASE_URL chooses the database, so type and path are read-only here.'
              : 'The SQLite file. Changing it needs a restart.'
          }
        />
        <Field name="database.backupEnabled" disabled={postgres} />
        <div />
        <Field name="database.backupInterval" disabled={postgres} />
        <Field name="database.maxBackups" disabled={postgres} />
        <TestButton type="database" />
      </FieldGroup>
      <BackupsList />
    </div>
  );
}

export function UiSettingsTab() {
  return (
    <FieldGroup title="UI Settings">
      <Field name="ui.theme">
        <option value="light">Light</option>
        <option value="dark">Dark</option>
        <option value="system">System</option>
      </Field>
      <Field
        name="ui.refreshInterval"
        hint="How often the Dashboard and the device list are refetched (5 to 300 seconds)."
      />
      <Field name="ui.enableWebSocket" />
      <Field name="ui.notificationsEnabled" />
      <Field name="ui.showDebugInfo" />
      <p className="text-xs text-slate-500 md:col-span-2">UI settings are kept in this browser.</p>
    </FieldGroup>
  );
}
