import { AlertTriangle, Home, RotateCcw } from 'lucide-react'
import { Component, type ErrorInfo, type ReactNode } from 'react'
import { GENERAL_FALLBACK } from './error-copy.ts'
import { buttonVariants } from '../ui/button.tsx'

interface State {
  error: Error | null
}

/**
 * Last-resort boundary around the whole app (outside the router), for errors no route caught.
 * It renders plain links, since the router itself may be what failed.
 */
export class GeneralErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { error: null }

  static getDerivedStateFromError(error: Error): State {
    return { error }
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Unhandled UI error', error, info.componentStack)
  }

  render() {
    if (!this.state.error) return this.props.children
    return (
      <main className="flex min-h-screen flex-col items-center justify-center px-4 text-center">
        <AlertTriangle className="size-10 text-destructive" aria-hidden="true" />
        <h1 className="mt-4 text-2xl font-bold">{GENERAL_FALLBACK.title}</h1>
        <p className="mt-2 text-muted-foreground">{GENERAL_FALLBACK.text}</p>
        <div className="mt-6 flex gap-3">
          <button type="button" className={buttonVariants({ variant: 'outline' })} onClick={() => this.setState({ error: null })}>
            <RotateCcw aria-hidden="true" />
            Try Again
          </button>
          <a href="/" className={buttonVariants()}>
            <Home aria-hidden="true" />
            Go Home
          </a>
        </div>
      </main>
    )
  }
}
