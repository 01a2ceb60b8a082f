import { ERROR_STATUS, type ErrorCode, type FieldErrors } from '#shared/errors.ts'

/**
 * The one error type the server throws on purpose. The HTTP layer maps it (and only it) to
 * `{ error: { code, message, fieldErrors? } }`; anything else becomes a generic 500.
 */
export class AppError extends Error {
  readonly status: number

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly options: { status?: number; fieldErrors?: FieldErrors; cause?: unknown; headers?: Record<string, string> } = {},
  ) {
    super(message, { cause: options.cause })
    this.name = 'AppError'
    this.status = options.status ?? ERROR_STATUS[code]
  }

  get fieldErrors(): FieldErrors | undefined {
    return this.options.fieldErrors
  }
}
