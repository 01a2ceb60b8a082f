import type { z } from 'zod'

/** Whether A and B accept exactly the same values (each assignable to the other). */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false

/** What a schema must be to stand for T: its parsed input and output both exactly T. */
type Agreeing<S extends z.ZodType, T> =
  Same<z.input<S>, T> extends true ? (Same<z.output<S>, T> extends true ? unknown : { 'this schema differs from its TypeScript type': T }) : { 'this schema differs from its TypeScript type': T }

/**
 * Ties a response schema to the TypeScript type the handlers answer with (`ApiResponse<'GET
 * /api/alerts/:id'>`, src/shared/api-contract.ts), at compile time: a field added, removed, made
 * optional or retyped on either side fails `npm run typecheck` here, naming the type, so the
 * published OpenAPI document cannot drift from what the server sends.
 *
 *   export const alertDetailResponse = matches<ApiResponse<'GET /api/alerts/:id'>>()(z.object({ … }))
 */
export const matches =
  <T>() =>
  <S extends z.ZodType>(schema: S & Agreeing<S, T>): S =>
    schema
