// apply-profile: a profile's rendered parameters, snapshotted when it was assigned, pushed like
// set-parameters; the result names the profile and version.
import { Type } from 'typebox';
import { renderedParam } from '../../../contract';
import { describeJob } from '../descriptor';
import { parametersSet, setParameterValues } from './set-parameters';

/** A profile's rendered parameters, as they were when it was assigned. */
const params = Type.Object(
  { profileId: Type.String(), profileVersion: Type.Integer(), parameters: Type.Array(renderedParam) },
  { additionalProperties: false },
);

export default describeJob({
  type: 'apply-profile',
  params,
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
