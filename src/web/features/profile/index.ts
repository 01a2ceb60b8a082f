// The profile feature's public entry: the only module other parts of the web app import from it.
export { ProfileSections } from './profile-sections.tsx'
