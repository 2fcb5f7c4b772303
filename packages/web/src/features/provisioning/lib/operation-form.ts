// The Provisioning screen's operation form (spec §2 Provisioning, §5 "Bulk operations", §7
// Provisioning): what the operator filled in, checked, and turned into one bulk call.
import type { DeviceFilter, ExportFormat } from '@provisor/server/contract';
import { selectionBody, selectionIsEmpty, type Selection } from '@/components/device-picker/selection';

export const OPERATIONS = ['parameters', 'reboot', 'firmware', 'profile', 'export'] as const;
export type Operation = (typeof OPERATIONS)[number];

/** spec §2: the operation tabs, in order. */
export const OPERATION_LABELS: Record<Operation, string> = {
  parameters: 'Parameters',
  reboot: 'Reboot',
  firmware: 'Firmware',
  profile: 'Profile',
  export: 'Export',
};

export const EXPORT_FORMATS = ['csv', 'json', 'xml'] as const satisfies readonly ExportFormat[];

export interface ParameterRow {
  key: number;
  name: string;
  value: string;
}

export interface OperationForm {
  parameters: ParameterRow[];
  firmwareUrl: string;
  version: string;
  /**
   * The stored file chosen in the picker, and the URL it put in the Firmware URL field: while the
   * field still holds that URL, the server is given the file's id (it serves the file to routers
   * through its own file door, with a per-job token); an edited URL is sent as it is.
   */
  firmwareFile: { id: string; url: string } | null;
  profileId: string;
  format: ExportFormat;
}

export const emptyForm = (): OperationForm => ({
  parameters: [{ key: 0, name: '', value: '' }],
  firmwareUrl: '',
  version: '',
  firmwareFile: null,
  profileId: '',
  format: 'csv',
});

/** Which devices: picked one by one, or every device matching the picker's search and status. */

export type BulkRequest =
  | { kind: 'jobs'; operation: Exclude<Operation, 'export'>; path: string; body: Record<string, unknown> }
  | {
      kind: 'export';
      operation: 'export';
      path: string;
      body: { format: ExportFormat; deviceIds?: readonly string[]; filter?: DeviceFilter };
    };

/** Why the operation cannot run yet (spec §5 "Bulk operations"), or the call to make. */
export function buildBulkRequest(
  operation: Operation,
  form: OperationForm,
  selection: Selection,
): { error: string } | { request: BulkRequest } {
  // spec §5: nothing runs with no devices selected.
  if (selectionIsEmpty(selection)) return { error: 'Select at least one device.' };
  const devices = selectionBody(selection);
  switch (operation) {
    case 'parameters': {
      const rows = form.parameters.map((row) => ({ name: row.name.trim(), value: row.value }));
      const half = rows.findIndex((row) => (row.name === '') !== (row.value === ''));
      if (half >= 0) {
        return { error: `Parameter row ${half + 1} needs both a name and a value (or clear it).` };
      }
      // spec §5: parameters run only if some row has both name and value.
      const complete = rows.filter((row) => row.name !== '' && row.value !== '');
      if (complete.length === 0) return { error: 'Enter a parameter name and value.' };
      return {
        request: {
          kind: 'jobs',
          operation,
          path: '/api/provisioning/bulk/set-parameters',
          body: { ...devices, parameters: complete },
        },
      };
    }
    case 'reboot':
      return { request: { kind: 'jobs', operation, path: '/api/provisioning/bulk/reboot', body: devices } };
    case 'firmware': {
      const url = form.firmwareUrl.trim();
      const version = form.version.trim();
      // spec §5: firmware needs both URL and version.
      if (url === '' || version === '') return { error: 'Enter both a firmware URL and a version.' };
      const stored = form.firmwareFile && form.firmwareFile.url === url ? form.firmwareFile : null;
      return {
        request: {
          kind: 'jobs',
          operation,
          path: '/api/provisioning/bulk/firmware-upgrade',
          body: { ...devices, ...(stored ? { fileId: stored.id } : { firmwareUrl: url }), version },
        },
      };
    }
    case 'profile': {
      const profileId = form.profileId.trim();
      // spec §5: profile needs an id.
      if (profileId === '') return { error: 'Enter a profile ID.' };
      return {
        request: {
          kind: 'jobs',
          operation,
          path: '/api/provisioning/assign-profile',
          body: { ...devices, profileId },
        },
      };
    }
    case 'export':
      return {
        request: {
          kind: 'export',
          operation,
          path: '/api/provisioning/bulk/export-parameters',
          body: { ...devices, format: form.format },
        },
      };
  }
}

/**
 * spec §2: the failure banner is not displayed for firmware or profile failures; the screen says
 * why those failed in a message of its own instead.
 */
export const showsFailureBanner = (operation: Operation) =>
  operation !== 'firmware' && operation !== 'profile';
