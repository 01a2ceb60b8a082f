// The pricing feature's public entry: the only module other parts of the web app import from it.
export { clearPendingPlan, pendingPlan, planChoicePath } from './pending-plan.ts'
export { embeddedPlanButton } from './plan-buttons.ts'
export { type PlanCheckout } from './plan-checkout.ts'
export { PricingPlans } from './pricing-plans.tsx'
export { PricingSection } from './pricing-section.tsx'
