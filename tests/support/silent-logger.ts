import pino from 'pino'

/** A real pino logger that writes nowhere, for tests that don't look at logs. */
export const silentLogger = pino({ level: 'silent' })
