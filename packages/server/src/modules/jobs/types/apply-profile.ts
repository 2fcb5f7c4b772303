// apply-profile: a profile's rendered parameters, snapshotted when it was assigned, pushed like
// set-parameters, but without the parameters the router does not have (per its stored tree, or its
// 9005 fault naming them: one retry); the result names the profile and version, and what was skipped.
import { Type, type Static } from 'typebox';
import { renderedParam } from '../../../contract';
import { describeJob, type JobView, type Step } from '../descriptor';
import { knownParametersSet, setKnownParameterValues, withoutRefusedParameters } from './set-parameters';

/** A profile's rendered parameters, as they were when it was assigned. */
const params = Type.Object(
  { profileId: Type.String(), profileVersion: Type.Integer(), parameters: Type.Array(renderedParam) },
  { additionalProperties: false },
);

type ApplyProfileParams = Static<typeof params>;

/** A finished push names the profile and version in its result. */
function withProfile(c: JobView<ApplyProfileParams>, step: Step): Step {
  if (step.kind !== 'done') return step;
  return {
    ...step,
    result: { profileId: c.params.profileId, version: c.params.profileVersion, ...(step.result as object) },
  };
}

export default describeJob({
  type: 'apply-profile',
  params,
  rpcs: ['SetParameterValues'],
  start: (c) => withProfile(c, setKnownParameterValues(c)),
  answer: (c, a) => withProfile(c, knownParametersSet(c, a)),
  fault: (c, f) => {
    const step = withoutRefusedParameters(c, f);
    return step && withProfile(c, step);
  },
});
