// The search feature's public entry: the only module other parts of the web app import from it.
export { SearchForm } from './form/search-form.tsx'
export { SearchResults } from './results/search-results.tsx'
