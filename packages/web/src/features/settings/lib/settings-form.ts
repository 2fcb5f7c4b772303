// The Settings form (spec §2 Settings, §3 Settings, §5): every field as typed, checked against the
// contract's ranges (contract/settings.ts) with a message that names the field, and the save body.
import { CWMP_PATH_PATTERN } from '@provisor/common';
import type { Settings, SettingsInput } from '@provisor/server/contract';
import { REFRESH_INTERVAL_MAX, REFRESH_INTERVAL_MIN, type UiSettings } from '@/stores/ui-settings-store';

type Section = 'server' | 'cwmp' | 'connectionRequest' | 'database' | 'ui';

interface IntField {
  kind: 'int';
  min: number;
  max: number;
}
interface TextField {
  kind: 'text';
  max: number;
  required?: boolean;
  pattern?: { regex: RegExp; hint: string };
}
interface OtherField {
  kind: 'bool' | 'secret' | 'list' | 'choice';
}
export type FieldSpec = { section: Section; name: string; label: string } & (
  IntField | TextField | OtherField
);

const f = (
  section: Section,
  name: string,
  label: string,
  rest: IntField | TextField | OtherField,
): FieldSpec => ({
  section,
  name,
  label,
  ...rest,
});

/** Every field of the form, keyed "section.name". Ranges as in the contract (settingsBody). */
export const FIELDS = {
  'server.port': f('server', 'port', 'Port', { kind: 'int', min: 1, max: 65535 }),
  'server.host': f('server', 'host', 'Host', { kind: 'text', max: 255, required: true }),
  'server.corsOrigin': f('server', 'corsOrigin', 'CORS Origin', { kind: 'text', max: 256 }),
  'server.maxConnections': f('server', 'maxConnections', 'Max Connections', {
    kind: 'int',
    min: 1,
    max: 1_000_000,
  }),
  'cwmp.enabled': f('cwmp', 'enabled', 'CWMP enabled', { kind: 'bool' }),
  'cwmp.path': f('cwmp', 'path', 'CWMP Path', {
    kind: 'text',
    max: 128,
    required: true,
    pattern: {
      regex: CWMP_PATH_PATTERN,
      hint: 'be / or parts like /cwmp of letters, digits and . _ ~ -, with no //, no . or .. part and no / at the end',
    },
  }),
  'cwmp.authRequired': f('cwmp', 'authRequired', 'Require authentication', { kind: 'bool' }),
  'cwmp.username': f('cwmp', 'username', 'CWMP Username', { kind: 'text', max: 256 }),
  'cwmp.password': f('cwmp', 'password', 'CWMP Password', { kind: 'secret' }),
  'cwmp.sessionTimeout': f('cwmp', 'sessionTimeout', 'Session Timeout (seconds)', {
    kind: 'int',
    min: 5,
    max: 3600,
  }),
  'cwmp.retryAttempts': f('cwmp', 'retryAttempts', 'Retry Attempts', { kind: 'int', min: 0, max: 100 }),
  'connectionRequest.enabled': f('connectionRequest', 'enabled', 'Connection requests enabled', {
    kind: 'bool',
  }),
  'connectionRequest.port': f('connectionRequest', 'port', 'Connection Request Port', {
    kind: 'int',
    min: 1,
    max: 65535,
  }),
  'connectionRequest.username': f('connectionRequest', 'username', 'Connection Request Username', {
    kind: 'text',
    max: 256,
  }),
  'connectionRequest.password': f('connectionRequest', 'password', 'Connection Request Password', {
    kind: 'secret',
  }),
  'connectionRequest.allowBasic': f('connectionRequest', 'allowBasic', 'Allow Basic authentication', {
    kind: 'bool',
  }),
  'connectionRequest.allowedNetworks': f('connectionRequest', 'allowedNetworks', 'Allowed Networks', {
    kind: 'list',
  }),
  'database.type': f('database', 'type', 'Database Type', { kind: 'choice' }),
  'database.path': f('database', 'path', 'Database Path', { kind: 'text', max: 1024 }),
  'database.backupEnabled': f('database', 'backupEnabled', 'Enable automatic backups', { kind: 'bool' }),
  'database.backupInterval': f('database', 'backupInterval', 'Backup Interval (hours)', {
    kind: 'int',
    min: 1,
    max: 8760,
  }),
  'database.maxBackups': f('database', 'maxBackups', 'Max Backups', { kind: 'int', min: 1, max: 1000 }),
  'ui.theme': f('ui', 'theme', 'Theme', { kind: 'choice' }),
  'ui.refreshInterval': f('ui', 'refreshInterval', 'Refresh Interval (seconds)', {
    kind: 'int',
    min: REFRESH_INTERVAL_MIN,
    max: REFRESH_INTERVAL_MAX,
  }),
  'ui.showDebugInfo': f('ui', 'showDebugInfo', 'Show debug information', { kind: 'bool' }),
  'ui.enableWebSocket': f('ui', 'enableWebSocket', 'Enable live updates (WebSocket)', { kind: 'bool' }),
  'ui.notificationsEnabled': f('ui', 'notificationsEnabled', 'Enable notifications', { kind: 'bool' }),
} as const satisfies Record<string, FieldSpec>;

export type FieldKey = keyof typeof FIELDS;
/** What the operator typed: text as typed (numbers too), switches as booleans. */
export type FormValues = Record<FieldKey, string | boolean>;
export type FormErrors = Partial<Record<FieldKey, string>>;

/** The form as loaded: the server's sections, the browser's UI settings; passwords empty (= unchanged). */
export function formFromSettings(settings: Settings, ui: UiSettings): FormValues {
  const values = {} as FormValues;
  for (const key of Object.keys(FIELDS) as FieldKey[]) {
    const { section, name, kind } = FIELDS[key];
    if (kind === 'secret') {
      values[key] = '';
      continue;
    }
    const source = (section === 'ui' ? ui : settings[section]) as unknown as Record<string, unknown>;
    const value = source[name];
    if (kind === 'bool') values[key] = Boolean(value);
    else if (kind === 'list') values[key] = ((value as string[] | undefined) ?? []).join('\n');
    else values[key] = String(value ?? '');
  }
  return values;
}

const listItems = (text: string) =>
  text
    .split(/[\n,]/)
    .map((item) => item.trim())
    .filter(Boolean);

/** spec §5 and the contract's ranges: one message per bad field, naming it and saying what to type. */
export function validateForm(values: FormValues): FormErrors {
  const errors: FormErrors = {};
  for (const key of Object.keys(FIELDS) as FieldKey[]) {
    const spec: FieldSpec = FIELDS[key];
    const value = values[key];
    if (typeof value !== 'string') continue;
    if (spec.kind === 'int') {
      const text = value.trim();
      const number = Number(text);
      if (text === '' || !/^-?\d+$/.test(text) || number < spec.min || number > spec.max)
        errors[key] = `${spec.label} must be a whole number from ${spec.min} to ${spec.max}.`;
    } else if (spec.kind === 'text') {
      if (spec.required && value.trim() === '') errors[key] = `${spec.label} is required.`;
      else if (value.length > spec.max) errors[key] = `${spec.label} must be at most ${spec.max} characters.`;
      else if (spec.pattern && !spec.pattern.regex.test(value))
        errors[key] = `${spec.label} must ${spec.pattern.hint}.`;
    } else if (spec.kind === 'secret' && value.length > 256) {
      errors[key] = `${spec.label} must be at most 256 characters.`;
    } else if (spec.kind === 'list') {
      const items = listItems(value);
      if (items.length > 256) errors[key] = `${spec.label} may list at most 256 networks.`;
      else if (items.some((item) => item.length > 64))
        errors[key] = `${spec.label}: each network must be at most 64 characters.`;
    }
  }
  return errors;
}

/**
 * The PUT body of a valid form: every server section; a password only when one was typed (empty =
 * unchanged); the database's type and path left out when the server runs on PostgreSQL (DATABASE_URL
 * chooses it, read-only here).
 */
export function saveBody(values: FormValues, databaseReadOnly: boolean): SettingsInput {
  const sections: Record<string, Record<string, unknown>> = {
    server: {},
    cwmp: {},
    connectionRequest: {},
    database: {},
  };
  for (const key of Object.keys(FIELDS) as FieldKey[]) {
    const { section, name, kind } = FIELDS[key];
    if (section === 'ui') continue;
    if (databaseReadOnly && section === 'database' && (name === 'type' || name === 'path')) continue;
    const value = values[key];
    const target = sections[section]!;
    if (kind === 'int') target[name] = Number(String(value).trim());
    else if (kind === 'bool') target[name] = Boolean(value);
    else if (kind === 'list') target[name] = listItems(String(value));
    else if (kind === 'secret') {
      if (value !== '') target[name] = value;
    } else target[name] = value;
  }
  return sections as SettingsInput;
}

/** The UI settings of a valid form, for the browser's store. */
export function uiFromForm(values: FormValues): UiSettings {
  return {
    theme: values['ui.theme'] as UiSettings['theme'],
    refreshInterval: Number(String(values['ui.refreshInterval']).trim()),
    showDebugInfo: Boolean(values['ui.showDebugInfo']),
    enableWebSocket: Boolean(values['ui.enableWebSocket']),
    notificationsEnabled: Boolean(values['ui.notificationsEnabled']),
  };
}

/** The tab each field is on, to send the operator to the first bad field. */
export const TAB_OF: Record<Section, SettingsTab> = {
  server: 'server',
  cwmp: 'cwmp',
  connectionRequest: 'cwmp',
  database: 'database',
  ui: 'ui',
};

export type SettingsTab = 'server' | 'cwmp' | 'database' | 'ui';
