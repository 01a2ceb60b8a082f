import { screen } from '@testing-library/react'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWithProviders, stubApi } from '#tests/setup/render.tsx'
import AuthPage from '../../routes/auth.tsx'
import LandingPage from '../../routes/landing.tsx'
import { makeMe } from '../alerts/test-fixtures.tsx'
import { clearPendingPlan, PENDING_PLAN_KEY, PENDING_PLAN_MAX_AGE_MS, pendingPlan, rememberPendingPlan } from '../pricing/pending-plan.ts'
import { postSignInPath } from './post-sign-in-path.ts'

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('postSignInPath', () => {
  it('goes to the alerts without a plan choice', () => {
    expect(postSignInPath()).toBe('/alerts')
  })

  it('goes back to a plan chosen while signed out, for an hour', () => {
    const chosenAt = Date.parse('2026-11-25T10:00:00Z')
    rememberPendingPlan('elite_yearly', chosenAt)
    expect(postSignInPath(chosenAt + 5 * 60_000)).toBe('/profile?plan=elite_yearly#subscription')
    // Asking again (the auth page and the sign-in form both do) gives the same answer.
    expect(postSignInPath(chosenAt + 6 * 60_000)).toBe('/profile?plan=elite_yearly#subscription')
    expect(postSignInPath(chosenAt + PENDING_PLAN_MAX_AGE_MS + 1)).toBe('/alerts')
    // An expired choice is forgotten.
    expect(localStorage.getItem(PENDING_PLAN_KEY)).toBeNull()
  })

  it('ignores what is not a price we sell, and a cleared choice', () => {
    localStorage.setItem(PENDING_PLAN_KEY, JSON.stringify({ priceId: 'unlimited', savedAt: Date.now() }))
    expect(pendingPlan()).toBeNull()
    localStorage.setItem(PENDING_PLAN_KEY, '{not json')
    expect(postSignInPath()).toBe('/alerts')
    rememberPendingPlan('premium_monthly')
    clearPendingPlan()
    expect(postSignInPath()).toBe('/alerts')
  })
})

function Where() {
  const location = useLocation()
  return <output data-testid="location">{`${location.pathname}${location.search}${location.hash}`}</output>
}

describe('the landing page after a magic link or email verification', () => {
  it('sends a signed-in user (through /auth) back to the plan they chose instead of the alerts', async () => {
    stubApi((url) => (url === '/api/session' ? Response.json(makeMe()) : undefined))
    rememberPendingPlan('premium_monthly')
    renderWithProviders(
      <MemoryRouter initialEntries={['/']}>
        <Routes>
          <Route path="/" element={<LandingPage />} />
          <Route path="/auth" element={<AuthPage />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>,
    )
    expect(await screen.findByTestId('location')).toHaveTextContent('/profile?plan=premium_monthly#subscription')
  })
})
