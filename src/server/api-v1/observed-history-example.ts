import type { z } from 'zod'
import type { observedHistoryResponse } from '#shared/api-v1/observed-history-response.ts'
import { exampleTime } from './example-dates.ts'

/** The observed price history of the example trip (decision 047): four searches over three days. */

const points = [
  { at: exampleTime(-3, 8, 12), price: 912 },
  { at: exampleTime(-2, 19, 40), price: 874 },
  { at: exampleTime(-1, 7, 5), price: 958 },
  { at: exampleTime(0, 9, 0), price: 889 },
]

export const observedHistoryExample: z.output<typeof observedHistoryResponse> = {
  currency: 'USD',
  observations: points.length,
  points,
  lowest: points[1]!,
  highest: points[2]!,
  first: points[0]!,
  latest: points[3]!,
}
