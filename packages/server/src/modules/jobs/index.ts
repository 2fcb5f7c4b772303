// The jobs module's public surface: other modules import only this file (issue 15, point 3).
// The runner and the job handlers (runner.ts, handlers.ts, transfer-handlers.ts) are being rewritten
// as job descriptors (issue 15, point 2); their exports join this list when that lands.
export { assignRoutes } from './assign-routes';
export { perDevice, type BulkResult } from './bulk';
export { createJobsRepository, type JobsRepository } from './repository';
export { jobsRoutes } from './routes';
export { bulkSchema, deviceActionSchema, jobSchema } from './schemas';
export { createJobsService, toApiJob, type JobsService, type JobsServiceOptions } from './service';
export { createWaker, type WakerDeps } from './wake';
