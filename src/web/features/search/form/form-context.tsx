import { createContext, useContext } from 'react'

/**
 * What every field of the search form needs from the form: its error (client rule or server answer,
 * keyed like `searchProblems` paths: "from", "multiCitySegments.1.to", "bags") and a ref so the form
 * can focus the first invalid field.
 */
export interface SearchFormContextValue {
  errorFor: (path: string) => string | undefined
  fieldRef: (path: string) => (element: HTMLElement | null) => void
}

const noop = () => {}
export const SearchFormContext = createContext<SearchFormContextValue>({ errorFor: () => undefined, fieldRef: () => noop })

export function useSearchFormContext(): SearchFormContextValue {
  return useContext(SearchFormContext)
}

/** Remembers the form's focusable fields by path. One stable callback per path. */
export function createFieldRegistry() {
  const elements = new Map<string, HTMLElement>()
  const callbacks = new Map<string, (element: HTMLElement | null) => void>()
  return {
    ref(path: string) {
      let callback = callbacks.get(path)
      if (!callback) {
        callback = (element) => {
          if (element) elements.set(path, element)
          else elements.delete(path)
        }
        callbacks.set(path, callback)
      }
      return callback
    },
    get(path: string): HTMLElement | undefined {
      return elements.get(path)
    },
  }
}
export type FieldRegistry = ReturnType<typeof createFieldRegistry>
