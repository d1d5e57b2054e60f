/** An answer with a status and `{detail}`; the error handler sends it as it is. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string,
  ) {
    super(detail);
    this.name = 'HttpError';
  }
}

/** A `400` in the API's field-error shape: `{field: [message, …]}`. */
export class FieldErrors extends Error {
  constructor(readonly errors: Record<string, string[]>) {
    super('invalid input');
    this.name = 'FieldErrors';
  }
}
