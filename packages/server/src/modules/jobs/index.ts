// The jobs module's public surface: other modules import only this file (issue 15, point 3).
export { assignRoutes } from './assign-routes';
export { chooseDevices, runBulk, runBulkOn, type BulkResult, type GroupDevices } from './bulk';
export { createOperationsService, type OperationsService } from './operations';
export { createOperationsRepository } from './operations-repository';
export { cpeFilesDoor, type CpeFilesOptions } from './cpe-files-door';
export { createJobsRepository, type JobsRepository } from './repository';
export { jobsRoutes } from './routes';
export { transferRoutes } from './transfer-routes';
export { createJobsService, toApiJob, type JobsService, type JobsServiceOptions } from './service';
export { createWaker, type WakerDeps } from './wake';
export {
  createJobEngine,
  type JobEngine,
  type JobEngineOptions,
  type JobRpc,
  type NoAnswerReason,
  type SessionFacts,
} from './engine';
export { descriptorOf, JOB_TYPES, type JobType } from './types';
export type { JobParams } from './service';
