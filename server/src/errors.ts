import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** An error answered to the client as `{"error": message, ...extra}` with the given status. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const RECORD_NOT_FOUND = 'Record not found';
export const INVALID_TOKEN = 'The access token is invalid';
export const USER_REQUIRED = 'This method requires an authenticated user';

export const notFound = (message = RECORD_NOT_FOUND) => new ApiError(404, message);
export const badRequest = (message: string) => new ApiError(400, message);
export const unprocessable = (message: string) => new ApiError(422, message);
export const forbidden = (message: string) => new ApiError(403, message);
export const unauthorized = (message = INVALID_TOKEN) => new ApiError(401, message);

function answerError(error: FastifyError | ApiError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof ApiError) {
    return reply.status(error.statusCode).send({ error: error.message, ...error.extra });
  }
  const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status >= 400 && status < 500) {
    const message =
      error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
        ? 'Invalid JSON body'
        : error.message;
    return reply.status(status).send({ error: message });
  }
  request.log.error(error);
  return reply.status(500).send({ error: 'Internal server error' });
}

/**
 * JSON error handler for everything, and a JSON 404 at the root (the client-serving fallback
 * hands unknown API-looking paths back here with callNotFound).
 */
export async function registerErrorHandling(app: FastifyInstance): Promise<void> {
  app.setErrorHandler(answerError);
  app.setNotFoundHandler((_request, reply) => reply.status(404).send({ error: 'Not found' }));
}
