// Every job type, one descriptor each. Routes, the job engine, the file door and the database read
// this list: a new job type is one new file here and one line below.
import type { Static } from 'typebox';
import type { JobType as ApiJobType } from '../../../contract';
import type { JobDescriptor } from '../descriptor';
import addObject from './add-object';
import applyProfile from './apply-profile';
import backupConfig from './backup-config';
import deleteObject from './delete-object';
import discoverTree from './discover-tree';
import downloadFile from './download-file';
import factoryReset from './factory-reset';
import firmwareUpgrade from './firmware-upgrade';
import getParameters from './get-parameters';
import reboot from './reboot';
import refresh from './refresh';
import restoreConfig from './restore-config';
import scheduleInform from './schedule-inform';
import setConnectionCredentials from './set-connection-credentials';
import setParameters from './set-parameters';
import uploadFile from './upload-file';

export const JOB_DESCRIPTORS = [
  setParameters,
  getParameters,
  refresh,
  addObject,
  deleteObject,
  reboot,
  factoryReset,
  scheduleInform,
  firmwareUpgrade,
  downloadFile,
  uploadFile,
  backupConfig,
  restoreConfig,
  applyProfile,
  setConnectionCredentials,
  discoverTree,
] as const;

export type JobType = (typeof JOB_DESCRIPTORS)[number]['type'];

// The API lists the same types (contract/jobs.ts, the `type` a job is answered with): a type missing
// on either side does not compile.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const _sameAsTheApi: Same<JobType, ApiJobType> = true;

export const JOB_TYPES = JOB_DESCRIPTORS.map((d) => d.type) as JobType[];

type Descriptor = (typeof JOB_DESCRIPTORS)[number];
type ParamsByType = { [D in Descriptor as D['type']]: D['params'] };

/** Each job type's parameter schema, from its descriptor. */
export const jobTypeParams = Object.fromEntries(
  JOB_DESCRIPTORS.map((d) => [d.type, d.params]),
) as ParamsByType;
export type JobTypeParams<T extends JobType> = Static<ParamsByType[T]>;

/** The types of the jobs the ACS makes for itself (never through the API). */
export const INTERNAL_JOB_TYPES = JOB_DESCRIPTORS.filter((d) => d.internal === true).map(
  (d) => d.type,
) as JobType[];

/** The types of the ACS's background work (descriptor.ts `background`): nothing wakes a device for it. */
export const BACKGROUND_JOB_TYPES = JOB_DESCRIPTORS.filter(
  (d) => (d as JobDescriptor<never>).background === true,
).map((d) => d.type) as JobType[];

const BY_TYPE = new Map<string, JobDescriptor<unknown>>(
  JOB_DESCRIPTORS.map((d) => [d.type, d as JobDescriptor<unknown>]),
);

/** The descriptor of a job type; throws for a type no descriptor has (a row from a newer version). */
export function descriptorOf(type: string): JobDescriptor<unknown> {
  const d = BY_TYPE.get(type);
  if (!d) throw new Error(`No job type "${type}" in this version of Provisor.`);
  return d;
}
