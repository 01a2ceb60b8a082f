/** Height of the sticky header plus breathing room (spec: landing scroll offset 80px). */
export const SECTION_SCROLL_OFFSET = 80

/** Smoothly scrolls to the element with this id, leaving room for the sticky header. */
export function scrollToSection(id: string): boolean {
  const element = document.getElementById(id)
  if (!element) return false
  const top = element.getBoundingClientRect().top + window.scrollY - SECTION_SCROLL_OFFSET
  const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches
  window.scrollTo({ top, behavior: reduceMotion ? 'auto' : 'smooth' })
  return true
}
