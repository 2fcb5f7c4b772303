// The strict answer check, for tests (BuildOptions.strictAnswers): every JSON answer is validated,
// before Fastify serialises it, against the schema its route declares for its status. Serialising
// by the schema already keeps undeclared fields from leaving; this check makes a handler or row
// mapper that builds them (a whole row copied, a field the contract does not list) fail loudly, with
// the route and the field named, instead of being trimmed in silence.
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import type { FastifyInstance } from 'fastify';
import { livePayloads, type LiveMessage } from '../contract';
import { AppError } from '../errors';

/** Ajv without coercion, defaults or removal: an answer is checked as it is. */
function createChecker(root: string) {
  const ajv = new Ajv({ allErrors: true, strict: false });
  const compiled = new WeakMap<object, ValidateFunction>();
  return (schema: object, value: unknown): string[] => {
    let validate = compiled.get(schema);
    if (!validate) {
      validate = ajv.compile(schema);
      compiled.set(schema, validate);
    }
    return validate(value) ? [] : (validate.errors ?? []).map((e) => describe(e, root));
  };
}

function describe(e: ErrorObject, root: string): string {
  const at = e.instancePath || root;
  if (e.keyword === 'additionalProperties')
    return `${at} carries "${String(e.params.additionalProperty)}", which its schema does not declare`;
  return `${at} ${e.message ?? e.keyword}`;
}

export function checkAnswers(app: FastifyInstance): void {
  const check = createChecker('(the answer)');
  app.addHook('preSerialization', async (request, reply, payload: unknown) => {
    const responses = request.routeOptions.schema?.response as Record<string, object> | undefined;
    // No route matched (not found), or a route that declares nothing: the protected-routes and
    // secrets tests hold every JSON route to declaring its answers.
    if (!responses) return payload;
    const status = reply.statusCode;
    const schema = responses[status] ?? responses[`${String(status)[0]}xx`];
    const route = `${request.method} ${request.routeOptions.url ?? request.url}`;
    if (!schema) {
      if (status >= 300) return payload;
      throw new AppError(
        500,
        'Undeclared answer',
        `${route} answered ${status}, for which it declares no schema.`,
      );
    }
    const problems = check(schema, payload);
    if (problems.length > 0) {
      request.log.error({ route, status, problems }, 'an answer breaks its schema');
      throw new AppError(
        500,
        'Answer breaks its schema',
        `${route} answered ${status}: ${problems.join('; ')}.`,
      );
    }
    return payload;
  });
}

const liveCheck = createChecker('(the payload)');

/** The problems of one live message against the contract (contract/live.ts); none when it holds. */
export function liveMessageProblems(message: LiveMessage): string[] {
  const schema = livePayloads[message.type];
  if (!schema) return [`"${String(message.type)}" is not a live message type of the contract`];
  return liveCheck(schema, message.payload).map((p) => `${message.type}: ${p}`);
}
