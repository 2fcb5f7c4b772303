// Each job type's parameters (jobTypeParams) and the job answer (contract publicJobParams) are two
// lists: a parameter field a job type adds must be declared in the answer, or it would be dropped.
import { describe, expect, it } from 'vitest';
import { JOB_TYPES, publicJobParams } from '../../contract';
import { jobTypeParams } from './schemas';

describe('job parameters', () => {
  it('has a parameter schema for every job type', () => {
    expect(Object.keys(jobTypeParams).sort()).toEqual([...JOB_TYPES].sort());
  });

  it('declares in the job answer every parameter field of every job type', () => {
    const declared = Object.keys(publicJobParams.properties);
    const undeclared = Object.entries(jobTypeParams).flatMap(([type, schema]) =>
      Object.keys(schema.properties)
        .filter((field) => !declared.includes(field))
        .map((field) => `${type}: ${field}`),
    );
    expect(undeclared).toEqual([]);
  });
});
