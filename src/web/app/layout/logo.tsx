import { Link } from 'react-router'
import { PRODUCT_NAME } from '#shared/site.ts'
import { PATHS } from '#shared/routes.ts'

export function Logo() {
  return (
    <Link to={PATHS.landing} className="flex items-center gap-2 rounded-md font-bold tracking-tight" aria-label={`${PRODUCT_NAME} home`}>
      <img src="/logo.svg" alt="" width={32} height={32} className="size-8" />
      <span className="text-lg">{PRODUCT_NAME}</span>
    </Link>
  )
}
