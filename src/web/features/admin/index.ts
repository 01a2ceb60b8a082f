// The admin feature's public entry: the only module other parts of the web app import from it.
export { adminOverviewQuery, readinessQuery } from './api.ts'
