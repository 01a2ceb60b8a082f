import pino, { type Logger } from 'pino'

export type { Logger }

/** Structured JSON logs on stdout; secrets that might pass through headers are redacted. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: 'faredrop' },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]', '*.password', '*.token'],
      censor: '[redacted]',
    },
  })
}
