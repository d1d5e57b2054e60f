import { refusal, type BffRefusalCode, type RefusalFigures } from '../contract/bff-refusal-codes.ts';

/**
 * An answer with a status and `{detail, code}` (and the figures the code's words need); the error handler
 * sends it as it is. The code is `refusalCode`, not `code`: Node's and Fastify's errors use `code` for theirs.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly refusalCode: BffRefusalCode,
    readonly detail: string,
    readonly figures: RefusalFigures = {},
  ) {
    super(detail);
    this.name = 'HttpError';
  }

  get body() {
    return refusal(this.refusalCode, this.detail, this.figures);
  }
}

/** A `400` in the API's field-error shape: `{field: [message, …]}`. */
export class FieldErrors extends Error {
  constructor(readonly errors: Record<string, string[]>) {
    super('invalid input');
    this.name = 'FieldErrors';
  }
}
