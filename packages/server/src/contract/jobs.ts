// Jobs (spec §3 Provisioning job, §7 Devices actions and Provisioning): every device action is a job,
// answered at once, that the device carries out in its next session.
import { Type, type Static } from 'typebox';
import { exactObject, nullable, pagedList, pagingProperties } from './common';
import { deviceFilter, deviceSchema } from './devices';

export const JOB_STATUSES = ['pending', 'running', 'completed', 'failed', 'cancelled'] as const;
export const jobStatus = Type.Enum(JOB_STATUSES, { type: 'string' });
export type JobStatus = Static<typeof jobStatus>;

export const JOB_TYPES = [
  'set-parameters',
  'get-parameters',
  'refresh',
  'add-object',
  'delete-object',
  'reboot',
  'factory-reset',
  'schedule-inform',
  'firmware-upgrade',
  'download-file',
  'upload-file',
  'backup-config',
  'restore-config',
  'apply-profile',
  // The ACS's own: each router's connection-request credentials (modules/jobs/types/).
  'set-connection-credentials',
  // The ACS's own: reading a router's whole tree at its bootstrap (modules/jobs/types/discover-tree.ts).
  'discover-tree',
] as const;
export const jobType = Type.Enum(JOB_TYPES, { type: 'string' });
export type JobType = Static<typeof jobType>;

// The pieces job parameters are made of (each job type's own schema is in modules/jobs/schemas.ts).
export const parameterName = Type.String({ minLength: 1, maxLength: 256 });
export const parameterNames = Type.Array(parameterName, { minItems: 1, maxItems: 10_000 });
export const parameterWrite = Type.Object(
  {
    name: parameterName,
    value: Type.String({ maxLength: 65_535 }),
    /** The parameter's xsd type, so the device gets the value typed as it expects. */
    type: Type.Optional(Type.String({ maxLength: 32 })),
  },
  { additionalProperties: false },
);
export type ParameterWrite = Static<typeof parameterWrite>;
export const parameterWrites = Type.Array(parameterWrite, { minItems: 1, maxItems: 10_000 });
export const deviceIds = Type.Array(Type.String({ maxLength: 64 }), { minItems: 1, maxItems: 100_000 });

/**
 * The devices of a bulk call: `deviceIds`, `filter` or `groupId`, exactly one (the route says what to fix
 * otherwise: both, neither, an empty list, a filter matching no device are each a 400).
 */
export const deviceSelection = {
  deviceIds: Type.Optional(Type.Array(Type.String({ maxLength: 64 }), { maxItems: 100_000 })),
  filter: Type.Optional(deviceFilter),
  /** A saved device group (contract/campaigns.ts), resolved by its filter when the call is made. */
  groupId: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
};
export type DeviceSelection = {
  deviceIds?: string[];
  filter?: Static<typeof deviceFilter>;
  groupId?: string;
};

/** A parameter with its value and type, as a job wrote or read it. */
export const typedValue = exactObject({ name: Type.String(), value: Type.String(), type: Type.String() });
export type TypedValue = Static<typeof typedValue>;

/**
 * A job's parameters as the API answers them: the fields of every job type's parameters (never the
 * secret of its file URL, and a link credential written only as devices/parameters.ts stores it).
 */
export const publicJobParams = exactObject({
  /** get-parameters: names; set-parameters: writes; apply-profile: the profile's rendered values. */
  parameters: Type.Optional(
    Type.Array(
      Type.Union([
        Type.String(),
        exactObject({ name: Type.String(), value: Type.String(), type: Type.Optional(Type.String()) }),
      ]),
    ),
  ),
  path: Type.Optional(Type.String()),
  objectName: Type.Optional(Type.String()),
  delaySeconds: Type.Optional(Type.Integer()),
  fileId: Type.Optional(Type.String()),
  firmwareUrl: Type.Optional(Type.String()),
  version: Type.Optional(Type.String()),
  targetPath: Type.Optional(Type.String()),
  filePath: Type.Optional(Type.String()),
  /** upload-file, download-file: the TR-069 FileType the router was asked for. */
  fileType: Type.Optional(Type.String()),
  profileId: Type.Optional(Type.String()),
  profileVersion: Type.Optional(Type.Integer()),
});
export type PublicJobParams = Static<typeof publicJobParams>;

/** What a finished job produced, by job type (modules/jobs/handlers.ts, transfer-handlers.ts). */
export const jobResult = exactObject({
  /** SetParameterValues, AddObject, DeleteObject: 0 applied, 1 applied at the next reboot. */
  status: Type.Optional(Type.Integer()),
  /** The values written (set-parameters, apply-profile) or read (get-parameters). */
  parameters: Type.Optional(Type.Array(typedValue)),
  /**
   * apply-profile: parameters not pushed, and why (e.g. "not on this router"); refresh, discover-tree:
   * names the router listed but would not read, with its fault.
   */
  skipped: Type.Optional(Type.Array(exactObject({ name: Type.String(), reason: Type.String() }))),
  profileId: Type.Optional(Type.String()),
  /** apply-profile: the profile version pushed. */
  version: Type.Optional(Type.Integer()),
  /** refresh: the subtree read and how many values it held. */
  path: Type.Optional(Type.String()),
  count: Type.Optional(Type.Integer()),
  instanceNumber: Type.Optional(Type.Integer()),
  /** reboot, factory-reset: the events of the Inform that finished the job. */
  events: Type.Optional(Type.Array(Type.String())),
  /**
   * reboot: whether the device came back with "M Reboot" carrying the Reboot's CommandKey (false: it
   * reported 1 BOOT alone, or M Reboot with another or an empty key).
   */
  commandKeyMatched: Type.Optional(Type.Boolean()),
  transferred: Type.Optional(Type.Boolean()),
  /** upload-file, backup-config: the file the device sent, in the store. */
  fileId: Type.Optional(Type.String()),
  /** firmware-upgrade: the version the device reported after the upgrade. */
  softwareVersion: Type.Optional(Type.String()),
});
export type JobResult = Static<typeof jobResult>;

export const jobSchema = exactObject({
  id: Type.String(),
  deviceId: Type.String(),
  type: jobType,
  status: jobStatus,
  params: publicJobParams,
  attempts: Type.Integer(),
  error: nullable(Type.String()),
  faultCode: nullable(Type.Integer()),
  result: Type.Union([jobResult, Type.Null()]),
  createdAt: Type.String(),
  startedAt: nullable(Type.String()),
  finishedAt: nullable(Type.String()),
  expiresAt: Type.String(),
  /** The bulk operation the job belongs to; null for a single device's action. */
  operationId: nullable(Type.String()),
});
export type Job = Static<typeof jobSchema>;

/** Every device action answers with the job it created. */
export const jobAnswer = exactObject({ success: Type.Optional(Type.Boolean()), job: jobSchema });
export type JobAnswer = Static<typeof jobAnswer>;

export const deviceJobsQuery = Type.Object(
  { limit: Type.Integer({ minimum: 1, maximum: 1000, default: 50 }) },
  { additionalProperties: false },
);
export const deviceJobList = exactObject({ jobs: Type.Array(jobSchema) });
export type DeviceJobList = Static<typeof deviceJobList>;

export const listJobsQuery = Type.Object(
  {
    status: Type.Optional(jobStatus),
    deviceId: Type.Optional(Type.String({ maxLength: 64 })),
    type: Type.Optional(Type.String({ maxLength: 32 })),
    /** The jobs of one bulk operation. */
    operationId: Type.Optional(Type.String({ maxLength: 64 })),
    ...pagingProperties(100),
  },
  { additionalProperties: false },
);
export type ListJobsQuery = Static<typeof listJobsQuery>;
export const jobList = pagedList('jobs', jobSchema);
export type JobList = Static<typeof jobList>;

export const failJobBody = Type.Object(
  { error: Type.String({ minLength: 1, maxLength: 2000 }) },
  { additionalProperties: false },
);

/** GET /api/provisioning/stats: jobs by status. */
export const jobStats = exactObject({
  pending: Type.Integer(),
  running: Type.Integer(),
  completed: Type.Integer(),
  failed: Type.Integer(),
  cancelled: Type.Integer(),
  total: Type.Integer(),
});
export type JobStats = Static<typeof jobStats>;

/** One device's outcome in a bulk call. */
export const bulkResult = exactObject({
  deviceId: Type.String(),
  success: Type.Boolean(),
  jobId: Type.Optional(Type.String()),
  error: Type.Optional(Type.String()),
});
export type BulkResult = Static<typeof bulkResult>;

/**
 * The answer of a bulk call. `operationId` is the group its jobs belong to. With deviceIds, one
 * result per id; with a filter, only the devices that failed (so 100,000 devices stay a small answer).
 */
export const bulkResults = exactObject({
  operationId: Type.String(),
  results: Type.Array(bulkResult),
  created: Type.Integer(),
  failed: Type.Integer(),
});
export type BulkResults = Static<typeof bulkResults>;

/**
 * A bulk operation: one bulk call's jobs as a group, with their counts by status (GET
 * /api/provisioning/operations, the live `bulk_operation_update`).
 */
export const bulkOperation = exactObject({
  id: Type.String(),
  /** The job type each device got. */
  type: jobType,
  createdAt: Type.String(),
  /** The user who started it; null when no user did (e.g. an API token). */
  createdBy: nullable(Type.String()),
  /** A short description of the parameters, for display (e.g. "2 parameters: Device.X, Device.Y"). */
  summary: Type.String(),
  /** The filter it was started with; null when it was given deviceIds. */
  filter: Type.Union([deviceFilter, Type.Null()]),
  /** Jobs in the group, and how many are in each status. */
  total: Type.Integer(),
  pending: Type.Integer(),
  running: Type.Integer(),
  completed: Type.Integer(),
  failed: Type.Integer(),
  cancelled: Type.Integer(),
});
export type BulkOperation = Static<typeof bulkOperation>;

export const listOperationsQuery = Type.Object(pagingProperties(50), { additionalProperties: false });
export type ListOperationsQuery = Static<typeof listOperationsQuery>;
/** GET /api/provisioning/operations: newest first. */
export const bulkOperationList = pagedList('operations', bulkOperation);
export type BulkOperationList = Static<typeof bulkOperationList>;

export const exportFormat = Type.Enum(['csv', 'json', 'xml'], { type: 'string' });
export type ExportFormat = Static<typeof exportFormat>;

/** At most this many devices in one export (a filter matching more is refused: narrow it). */
export const EXPORT_MAX_DEVICES = 10_000;
export const exportParametersBody = Type.Object(
  {
    deviceIds: Type.Optional(Type.Array(Type.String({ maxLength: 64 }), { maxItems: EXPORT_MAX_DEVICES })),
    filter: Type.Optional(deviceFilter),
    groupId: deviceSelection.groupId,
    format: exportFormat,
  },
  { additionalProperties: false },
);
export type ExportParametersInput = Static<typeof exportParametersBody>;

// Assigning profiles (spec §7: devices/{id}/assign-profile, provisioning/assign-profile,
// devices/bulk-assign).
const entityId = Type.String({ minLength: 1, maxLength: 64 });

export const assignProfileBody = Type.Object({ profileId: entityId }, { additionalProperties: false });
export const assignProfileManyBody = Type.Object(
  { ...deviceSelection, profileId: entityId },
  { additionalProperties: false },
);
export const assignment = Type.Object(
  { deviceId: entityId, profileId: entityId },
  { additionalProperties: false },
);
export type Assignment = Static<typeof assignment>;
export const bulkAssignBody = Type.Object(
  { assignments: Type.Array(assignment, { minItems: 1, maxItems: 10_000 }) },
  { additionalProperties: false },
);

/** The answer of devices/{id}/assign-profile: the device with its profile, and the job pushing it. */
export const assignedProfile = exactObject({
  success: Type.Boolean(),
  device: deviceSchema,
  job: jobSchema,
});
export type AssignedProfile = Static<typeof assignedProfile>;

/** The answer of devices/bulk-assign: each assignment's outcome (spec §7: results with success). */
export const bulkAssignResults = exactObject({
  results: Type.Array(
    exactObject({
      ...bulkResult.properties,
      profileId: Type.String(),
    }),
  ),
  successful: Type.Integer(),
  failed: Type.Integer(),
});
export type BulkAssignResults = Static<typeof bulkAssignResults>;
