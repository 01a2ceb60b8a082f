import { z } from 'zod'
import { alertOperations } from './alert-operations.ts'
import { clientOperations } from './client-operations.ts'
import { flightOperations } from './flight-operations.ts'
import { defineOperation, type ApiV1Operation } from './operation.ts'

/** The reference itself: the one operation the token door leaves open (public-paths.ts). */
const referenceOperations: ApiV1Operation[] = [
  defineOperation({
    method: 'get',
    path: '/api/v1/openapi.json',
    operationId: 'getOpenApiDocument',
    tag: 'Reference',
    summary: 'This document',
    description: 'The OpenAPI 3.1 document of API v1, for client generators and tools. No token needed; cached for five minutes.',
    scope: 'public',
    answer: {
      status: 200,
      description: 'The OpenAPI document.',
      schema: z.looseObject({ openapi: z.string(), info: z.looseObject({ title: z.string(), version: z.string() }), paths: z.record(z.string(), z.unknown()) }),
      example: { openapi: '3.1.0', info: { title: 'FareDrop API', version: '1' }, paths: {} },
    },
    errors: [],
  }),
]

/**
 * Every operation of the public API v1, in the order the reference shows them: the OpenAPI document
 * (openapi.ts) is built from this list, and openapi.db.test.ts checks it against the running app's
 * route table in both directions, so a route can't go undocumented nor a documented one missing.
 *
 * To document a new domain (clients, webhooks…): write `<domain>-operations.ts` beside these, an
 * array of `defineOperation({ … })` entries with the route's own request schemas (src/shared/…),
 * its response schema (src/shared/api-v1/, tied to its TypeScript type with `matches`) and an
 * example of each, and add it here, with its tag below.
 */
export const API_V1_OPERATIONS: readonly ApiV1Operation[] = [...alertOperations, ...clientOperations, ...flightOperations, ...referenceOperations]

/** The reference's sections, in order: every operation's `tag` is one of these. */
export const API_V1_TAGS: readonly { name: string; description: string }[] = [
  { name: 'Alerts', description: 'Price alerts: the same rules, quotas and ownership as in the app.' },
  { name: 'Clients', description: 'Your clients: named contacts who get their alerts’ notices in your name, once they confirm (double opt-in).' },
  { name: 'Flights', description: 'Airports, flight search and booking options, as on the search page.' },
  { name: 'Reference', description: 'This document.' },
]
