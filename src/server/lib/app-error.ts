import { ERROR_STATUS, type ErrorCode, type FieldErrors } from '#shared/errors.ts'

export interface AppErrorOptions {
  status?: number
  fieldErrors?: FieldErrors
  /** Plan rules the request broke (alerts: 'sms_notifications', 'quota_exceeded'…), for upgrade prompts. */
  premiumReasons?: readonly string[]
  cause?: unknown
  headers?: Record<string, string>
}

/**
 * The one error type the server throws on purpose. The HTTP layer maps it (and only it) to
 * `{ error: { code, message, fieldErrors?, premiumReasons? } }`; anything else becomes a generic 500.
 */
export class AppError extends Error {
  readonly status: number

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly options: AppErrorOptions = {},
  ) {
    super(message, { cause: options.cause })
    this.name = 'AppError'
    this.status = options.status ?? ERROR_STATUS[code]
  }

  get fieldErrors(): FieldErrors | undefined {
    return this.options.fieldErrors
  }
}
