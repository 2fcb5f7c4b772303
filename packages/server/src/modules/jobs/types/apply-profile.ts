// apply-profile: a profile's rendered parameters, snapshotted when it was assigned, pushed like
// set-parameters; the result names the profile and version.
import { describeJob } from '../descriptor';
import { parametersSet, setParameterValues, type SetParametersParams } from './set-parameters';

export interface ApplyProfileParams extends SetParametersParams {
  profileId: string;
  profileVersion: number;
}

export default describeJob<ApplyProfileParams>()({
  type: 'apply-profile',
  rpcs: ['SetParameterValues'],
  start: setParameterValues,
  answer: (c, a) => {
    const step = parametersSet(c, a);
    return step.kind === 'done'
      ? {
          ...step,
          result: {
            profileId: c.params.profileId,
            version: c.params.profileVersion,
            ...(step.result as object),
          },
        }
      : step;
  },
});
