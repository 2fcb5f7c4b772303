// Operations (issue 18 point 5): GET /health (the process answers) and GET /ready (its database
// answers) for load balancers; no detail beyond the word, so they tell an attacker nothing.
import { Type, type Static } from 'typebox';
import { exactObject } from './common';

export const healthAnswer = exactObject({
  status: Type.Enum(['ok', 'ready', 'unavailable'], { type: 'string' }),
});
export type HealthAnswer = Static<typeof healthAnswer>;
