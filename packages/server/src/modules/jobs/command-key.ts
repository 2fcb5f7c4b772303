import type { JobRow } from '../../db/tables/jobs';

/** CommandKey and ParameterKey of a job's RPCs (≤32 characters, cwmp-reference §6). */
export const commandKeyOf = (job: Pick<JobRow, 'id'>) => job.id.replace(/-/g, '').slice(0, 32);
