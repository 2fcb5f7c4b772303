// One error shape for the whole API: `{ error, message }`. `error` is a short summary a person can
// read (the console shows it as is); `message` says what to do. 5xx answers never carry internals.
// Routes whose clients are routers ask for the same answers as text (`config: { textErrors: true }`).
import type { FastifyBaseLogger, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable } from './db/unavailable';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Errors answer text/plain (the `message` alone) and close the connection: the CWMP door. */
    textErrors?: boolean;
  }
}

/**
 * Retry-After of the 503 answered while the database is unavailable. The pg pool opens a new
 * connection on the next request, so service resumes within a few seconds of the database's return.
 */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** An outage is logged when it begins and then at most this often, not once per failed request. */
const OUTAGE_LOG_INTERVAL_MS = 60_000;

const DATABASE_UNAVAILABLE: ErrorBody = {
  error: 'Service Unavailable',
  message: 'The database is not reachable; the server reconnects by itself. Try again in a few seconds.',
};

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
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
};

function answer(request: FastifyRequest, reply: FastifyReply, a: ErrorAnswer) {
  reply.code(a.status).headers(a.headers);
  if (request.routeOptions.config?.textErrors) {
    const text = asText(a);
    return reply.headers(text.headers).send(text.body);
  }
  return reply.send(a.body);
}

/** An error's answer as the router doors send it: the message alone, as text, closing the connection. */
export function asText(a: ErrorAnswer): { status: number; headers: Record<string, string>; body: string } {
  return {
    status: a.status,
    // Connection: close when rejecting a session (as GenieACS does).
    headers: { ...a.headers, 'content-type': 'text/plain; charset=utf-8', connection: 'close' },
    body: a.body.message,
  };
}

/** What an error answers. */
export interface ErrorAnswer {
  status: number;
  body: ErrorBody;
  headers: Record<string, string>;
}

/**
 * Turns errors into answers, logging what needs it: a server error each time, a database outage when
 * it begins and then at most once a minute.
 */
export function createErrorAnswers(): (err: FastifyError | AppError, log: FastifyBaseLogger) => ErrorAnswer {
  let outageLoggedAt = -Infinity;
  let unloggedOutageErrors = 0;

  return (err, log) => {
    if (err instanceof AppError) {
      return {
        status: err.statusCode,
        body: { error: err.error, message: err.message },
        headers: err.headers,
      };
    }
    if (isDatabaseUnavailable(err)) {
      const now = Date.now();
      if (now - outageLoggedAt >= OUTAGE_LOG_INTERVAL_MS) {
        log.warn(
          { err, unloggedSinceLast: unloggedOutageErrors },
          'the database is unavailable; answering 503 with Retry-After until it returns',
        );
        outageLoggedAt = now;
        unloggedOutageErrors = 0;
      } else unloggedOutageErrors += 1;
      return {
        status: 503,
        body: DATABASE_UNAVAILABLE,
        headers: { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) },
      };
    }
    const status = err.statusCode ?? 500;
    if (status >= 500) {
      log.error({ err }, 'request failed');
      return {
        status: 500,
        body: {
          error: 'Internal Server Error',
          message: 'The server could not complete the request. The error was logged; try again later.',
        },
        headers: {},
      };
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
    return { status, body: { error: REASONS[status] ?? 'Bad Request', message }, headers: {} };
  };
}

export function registerErrorHandler(app: FastifyInstance): void {
  const answerFor = createErrorAnswers();
  app.setErrorHandler<FastifyError | AppError>((err, request, reply) =>
    answer(request, reply, answerFor(err, request.log)),
  );
  app.setNotFoundHandler(sendNotFound);
}

/** The answer to a path nothing serves. */
export function sendNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return reply.code(404).send({
    error: 'Not Found',
    message: `No route ${request.method} ${request.url.split('?')[0]}; check the path against the API reference.`,
  } satisfies ErrorBody);
}
