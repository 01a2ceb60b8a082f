// The landing feature's public entry: the only module other parts of the web app import from it.
export { FeaturesSection } from './features-section.tsx'
export { Hero } from './hero.tsx'
export { HowItWorks } from './how-it-works.tsx'
