import type { z } from 'zod'
import type { ApiTokenScope } from '#shared/api-tokens.ts'

/** Statuses an operation answers with the error body beyond the token door's own (401, 403, 429). */
export type OperationError = 400 | 404 | 409 | 413 | 502 | 503

/**
 * One operation of the public API v1, as the OpenAPI document (openapi.ts) describes it. The
 * schemas are the ones the route parses with and answers by (src/shared/…, src/shared/api-v1/…),
 * and the examples are typed by them here and validated by them in openapi.db.test.ts.
 */
export interface ApiV1Operation<Body extends z.ZodType = z.ZodType, Answer extends z.ZodType = z.ZodType> {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete'
  /** The full path, OpenAPI style: '/api/v1/alerts/{id}'. */
  path: `/api/v1/${string}`
  /** Unique in the document: what client generators name the method. */
  operationId: string
  tag: string
  summary: string
  /** Markdown. */
  description: string
  /**
   * What the personal API token must allow (decision 042: GET, HEAD and the flight searches read,
   * the rest write), or `public` for the few paths the token door leaves open (public-paths.ts).
   */
  scope: ApiTokenScope | 'public'
  params?: { path?: z.ZodObject; query?: z.ZodObject; header?: z.ZodObject }
  /** `name`: the schema's name among the document's components (CreateAlertRequest), for client generators. */
  body?: { schema: Body; name: string; description: string; example: z.input<Body> }
  answer: {
    status: 200 | 201
    description: string
    schema: Answer
    example: z.output<Answer>
    /** Default `application/json`. */
    contentType?: 'application/json' | 'text/csv'
    /** Beyond the rate-limit headers every token call gets. */
    headers?: z.ZodObject
  }
  errors: readonly OperationError[]
}

/** An operation, its examples checked against its schemas by the compiler. */
export const defineOperation = <Body extends z.ZodType, Answer extends z.ZodType>(operation: ApiV1Operation<Body, Answer>): ApiV1Operation => operation
