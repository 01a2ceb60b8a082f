import { OUTBOX_KEY_HEADER } from '../../src/server/dev/outbox-key.ts'

/** The browser tests' server reads its local outbox with this key (OUTBOX_KEY, decision 030). */
export const E2E_OUTBOX_KEY = 'browser-tests-outbox-key'

/** Headers for a test's own reads of the outbox (`request.get('/api/dev/outbox…', { headers })`). */
export const outboxHeaders = { [OUTBOX_KEY_HEADER]: E2E_OUTBOX_KEY }
