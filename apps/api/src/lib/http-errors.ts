/** An error that becomes an HTTP answer with this status and message. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: { field: string; message: string }[],
  ) {
    super(message);
  }
}

export const badRequest = (message: string, field?: string) =>
  new HttpError(400, message, field ? [{ field, message }] : undefined);
export const unauthorized = (message: string) => new HttpError(401, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
