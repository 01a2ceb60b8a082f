import type { Context } from 'hono'
import { AppError } from '../lib/app-error.ts'

/** The request's JSON body; a body that isn't JSON is the caller's mistake (400), not ours (500). */
export async function jsonBody(c: Context): Promise<unknown> {
  try {
    return await c.req.json()
  } catch {
    throw new AppError('bad_request', 'The request body must be JSON.')
  }
}

/** Like `jsonBody`, but an empty body reads as `{}` (actions whose contract is "empty body"). */
export async function optionalJsonBody(c: Context): Promise<unknown> {
  const text = await c.req.text()
  if (text.trim() === '') return {}
  try {
    return JSON.parse(text) as unknown
  } catch {
    throw new AppError('bad_request', 'The request body must be JSON.')
  }
}

/** The JSON of a request or response, read from a copy (whoever handles it next reads the original), or null. */
export function peekJson(message: Request | Response): Promise<unknown> {
  return message
    .clone()
    .json()
    .catch(() => null)
}
