/**
 * The one clock: every operation takes `now` as a dependency, so tests and the simulated market can
 * move time; production passes the system clock.
 */
export type Clock = () => Date

export const systemClock: Clock = () => new Date()
