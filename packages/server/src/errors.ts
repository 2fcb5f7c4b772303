// One error shape for the whole API: `{ error, message }`. `error` is a short summary a person can
// read (the console shows it as is); `message` says what to do. 5xx answers never carry internals.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly error: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export interface ErrorBody {
  error: string;
  message: string;
}

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
};

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler<FastifyError | AppError>((err, request, reply) => {
    if (err instanceof AppError) {
      return reply
        .code(err.statusCode)
        .headers(err.headers)
        .send({ error: err.error, message: err.message } satisfies ErrorBody);
    }
    const status = err.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err }, 'request failed');
      return reply.code(500).send({
        error: 'Internal Server Error',
        message: 'The server could not complete the request. The error was logged; try again later.',
      } satisfies ErrorBody);
    }
    let message = err.message;
    if (err.validation) {
      const first = err.validation[0];
      const extra =
        first?.params && 'additionalProperty' in first.params
          ? ` ("${String(first.params.additionalProperty)}")`
          : '';
      message = `Invalid request: ${err.message}${extra}`;
    } else if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      message = 'The request body is larger than the server accepts; send less data.';
    else if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError)
      message = `The request body is not valid JSON: ${err.message}`;
    else if (err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY')
      message = 'The request says its body is JSON but the body is empty; send a JSON body.';
    return reply.code(status).send({ error: REASONS[status] ?? 'Bad Request', message } satisfies ErrorBody);
  });

  app.setNotFoundHandler(sendNotFound);
}

/** The answer to a path nothing serves. */
export function sendNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return reply.code(404).send({
    error: 'Not Found',
    message: `No route ${request.method} ${request.url.split('?')[0]}; check the path against the API reference.`,
  } satisfies ErrorBody);
}
