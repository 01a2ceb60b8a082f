import { Link } from 'react-router'
import { PATHS } from '#shared/routes.ts'
import { COPYRIGHT_YEAR, PRODUCT_NAME, SOCIAL_URL, SUPPORT_EMAIL, TAGLINE } from '#shared/site.ts'
import { Logo } from './logo.tsx'

type FooterLink = { label: string; to: string } | { label: string; href: string }

const SECTIONS: { title: string; links: FooterLink[] }[] = [
  {
    title: 'Product',
    links: [
      { label: 'Features', to: '/#features' },
      { label: 'Pricing', to: '/#pricing' },
      { label: 'How It Works', to: '/#how-it-works' },
    ],
  },
  {
    title: 'Company',
    links: [
      { label: 'About Us', to: PATHS.about },
      { label: 'Contact', href: `mailto:${SUPPORT_EMAIL}` },
      { label: 'FAQ', to: PATHS.faq },
    ],
  },
  {
    title: 'Legal',
    links: [
      { label: 'Privacy Policy', to: PATHS.privacy },
      { label: 'Terms of Service', to: PATHS.terms },
      { label: 'Cookie Policy', to: PATHS.cookies },
    ],
  },
  {
    title: 'Social',
    links: [{ label: `${PRODUCT_NAME} on X`, href: SOCIAL_URL }],
  },
]

const linkClass = 'text-sm text-muted-foreground transition-colors hover:text-foreground'

export function Footer() {
  return (
    <footer className="border-t bg-muted/40">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[1.5fr_repeat(4,1fr)]">
        <div className="max-w-xs">
          <Logo />
          <p className="mt-3 text-sm text-muted-foreground">{TAGLINE}</p>
        </div>
        {SECTIONS.map((section) => (
          <nav key={section.title} aria-label={section.title}>
            <h2 className="text-sm font-semibold">{section.title}</h2>
            <ul className="mt-3 space-y-2">
              {section.links.map((link) => (
                <li key={link.label}>
                  {'to' in link ? (
                    <Link to={link.to} className={linkClass}>
                      {link.label}
                    </Link>
                  ) : (
                    <a href={link.href} className={linkClass} {...(link.href.startsWith('http') ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
                      {link.label}
                    </a>
                  )}
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t">
        <p className="mx-auto max-w-6xl px-4 py-6 text-sm text-muted-foreground sm:px-6">
          © {COPYRIGHT_YEAR} {PRODUCT_NAME}. All rights reserved.
        </p>
      </div>
    </footer>
  )
}
