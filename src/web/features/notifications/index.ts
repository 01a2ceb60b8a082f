// The notifications feature's public entry: the only module other parts of the web app import from it.
export { healthQueryOptions, phoneQueryOptions, removePhone, savePhone, sendPhoneCode, verifyPhoneCode } from './api.ts'
export { releasePushSubscription } from './push-follows-user.ts'
export { PushPrompt } from './push-prompt.tsx'
export { usePushFollowsUser } from './use-push-follows-user.ts'
export { usePushSubscription } from './use-push-subscription.ts'
