import { MESSAGES, type MessageCode, type ValidationError } from "@formloom/core/errors";

/**
 * The one error type of the API: an HTTP status and one of the spec's message codes, with the
 * code's message unless the spec words it otherwise for one call.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: MessageCode,
    readonly validationErrors?: ValidationError[],
    message: string = MESSAGES[code],
  ) {
    super(message);
  }
}

export const notFound = (code: MessageCode = "not_found") => new AppError(404, code);
export const forbidden = (code: MessageCode = "not_allowed") => new AppError(403, code);
export const unauthorized = (code: MessageCode = "unauthorized") => new AppError(401, code);
export const badRequest = (code: MessageCode, validationErrors?: ValidationError[]) =>
  new AppError(400, code, validationErrors);
/** A 400 whose message belongs to one request property, so a form can show it next to that input. */
export const invalidField = (code: MessageCode, field: string) =>
  new AppError(400, code, [{ field, code, message: MESSAGES[code] }]);
export const conflict = (code: MessageCode, field?: string, message: string = MESSAGES[code]) =>
  new AppError(409, code, field ? [{ field, code, message }] : undefined, message);

export function isMessageCode(value: string): value is MessageCode {
  return Object.hasOwn(MESSAGES, value);
}
