import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { decodeJwt, exportJWK, generateKeyPair, SignJWT, UnsecuredJWT, type CryptoKey, type JWK, type JWTPayload } from 'jose'

/**
 * A real OpenID Connect provider (oidc-provider, certified) on 127.0.0.1 with a random port, for
 * OAuth tests. Nothing leaves the machine. Sign-in is non-interactive: the login step signs in
 * whichever test account was chosen for the flow, and consent is granted automatically.
 *
 * Tests can also swap the ID token in the next token responses for one with other claims, signed
 * with the provider's own key, another key, or not at all: the forgeries a relying party must refuse.
 */

export interface TestAccount {
  sub: string
  email: string
  email_verified: boolean
  given_name?: string
  family_name?: string
}

export interface TestClient {
  client_id: string
  client_secret: string
  redirect_uris: string[]
}

/** Where the provider sends the browser back: a GET to `url`, or (form_post) a POST of `form` to it. */
export type ProviderReturn = { method: 'GET'; url: string } | { method: 'POST'; url: string; form: URLSearchParams }

export interface IdTokenForgery {
  /** Changes to the genuine token's claims. */
  claims?: (claims: JWTPayload) => JWTPayload
  /** `provider` (default): re-signed with the provider's key; `other-key`: a key it never published; `none`: unsigned. */
  signWith?: 'provider' | 'other-key' | 'none'
}

export interface TestIdentityProvider {
  issuer: string
  discoveryUrl: string
  /** Follows an authorization URL through the provider as `account` and returns where it sends the browser back. */
  authorize(url: string, account?: TestAccount): Promise<ProviderReturn>
  /** The account the login step signs in as from now on (a real browser following the redirects). */
  signInAs(account: TestAccount): void
  /** Swaps the ID token of every following token response (null: stop). */
  forgeIdTokens(forgery: IdTokenForgery | null): void
  /** What the token endpoint answered last (status and error code). */
  lastTokenResponse(): { status: number; error?: string } | null
  close(): Promise<void>
}

/** The parts of oidc-provider's API used here (the package ships no type declarations). */
interface OidcProviderInstance {
  callback(): (req: IncomingMessage, res: ServerResponse) => void
  use(middleware: (ctx: KoaContext, next: () => Promise<void>) => Promise<void>): void
  interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<{ prompt: { name: string } }>
  interactionFinished(req: IncomingMessage, res: ServerResponse, result: object, options?: { mergeWithLastSubmission?: boolean }): Promise<void>
}
interface KoaContext {
  path: string
  method: string
  status: number
  body: unknown
}
interface GrantInstance {
  addOIDCScope(scope: string): void
  save(): Promise<string>
}
interface OidcContext {
  oidc: {
    client: { clientId: string }
    session: { accountId: string; grantIdFor(clientId: string): string | undefined }
    result?: { consent?: { grantId?: string } }
    params: { scope?: string }
    provider: { Grant: { new (init: { clientId: string; accountId: string }): GrantInstance; find(id: string): Promise<GrantInstance | undefined> } }
  }
}

const KID = 'test-signing-key'

export const DEFAULT_ACCOUNT: TestAccount = {
  sub: 'idp-user-1',
  email: 'traveller@example.com',
  email_verified: true,
  given_name: 'Tess',
  family_name: 'Traveller',
}

async function importProvider(): Promise<new (issuer: string, config: object) => OidcProviderInstance> {
  // Non-literal specifier: oidc-provider has no type declarations, and this file types what it uses.
  const specifier = 'oidc-provider'
  const module = (await import(specifier)) as { default: new (issuer: string, config: object) => OidcProviderInstance }
  return module.default
}

function decodeHtml(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
}

export async function startIdentityProvider(options: { clients: TestClient[]; accounts?: TestAccount[] }): Promise<TestIdentityProvider> {
  const Provider = await importProvider()
  const { privateKey } = await generateKeyPair('RS256', { extractable: true })
  const other = await generateKeyPair('RS256', { extractable: true })
  const signingJwk: JWK = { ...(await exportJWK(privateKey)), kid: KID, alg: 'RS256', use: 'sig' }

  const accounts = new Map<string, TestAccount>([[DEFAULT_ACCOUNT.sub, DEFAULT_ACCOUNT], ...(options.accounts ?? []).map((a) => [a.sub, a] as const)])
  let signingInAs: TestAccount = DEFAULT_ACCOUNT
  let forgery: IdTokenForgery | null = null
  let lastToken: { status: number; error?: string } | null = null

  const server: Server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  const provider = new Provider(issuer, {
    clients: options.clients.map((client) => ({
      ...client,
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_post',
      id_token_signed_response_alg: 'RS256',
    })),
    jwks: { keys: [signingJwk] },
    cookies: { keys: ['oidc-test-cookie-key'] },
    pkce: { required: () => true },
    // Scope claims go into the ID token as well as userinfo, as Google, Microsoft and Apple do.
    conformIdTokenClaims: false,
    scopes: ['openid', 'email', 'profile', 'name'],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'given_name', 'family_name'] },
    features: { devInteractions: { enabled: false } },
    ttl: { AuthorizationCode: 60, Interaction: 600, Session: 600, Grant: 600, AccessToken: 600, IdToken: 600 },
    findAccount: (_ctx: unknown, id: string) => {
      const account = accounts.get(id)
      if (!account) return undefined
      return {
        accountId: id,
        claims: () => ({
          ...account,
          name: [account.given_name, account.family_name].filter(Boolean).join(' ') || undefined,
        }),
      }
    },
    // Consent is granted without asking: a grant for exactly the scopes requested.
    loadExistingGrant: async (ctx: OidcContext) => {
      const { oidc } = ctx
      const grantId = oidc.result?.consent?.grantId ?? oidc.session.grantIdFor(oidc.client.clientId)
      if (grantId) return oidc.provider.Grant.find(grantId)
      const grant = new oidc.provider.Grant({ clientId: oidc.client.clientId, accountId: oidc.session.accountId })
      grant.addOIDCScope(oidc.params.scope ?? 'openid')
      await grant.save()
      return grant
    },
    renderError: (ctx: KoaContext, out: Record<string, string>) => {
      ctx.body = JSON.stringify(out)
    },
  })

  provider.use(async (ctx, next) => {
    await next()
    if (ctx.path !== '/token' || ctx.method !== 'POST') return
    const body = ctx.body as { id_token?: string; error?: string } | undefined
    lastToken = { status: ctx.status, error: body?.error }
    if (ctx.status === 200 && body?.id_token && forgery) body.id_token = await forge(body.id_token, forgery)
  })

  async function forge(genuine: string, how: IdTokenForgery): Promise<string> {
    const claims = how.claims ? how.claims({ ...decodeJwt(genuine) }) : decodeJwt(genuine)
    if (how.signWith === 'none') return new UnsecuredJWT(claims).encode()
    const key: CryptoKey = how.signWith === 'other-key' ? other.privateKey : privateKey
    return new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: KID, typ: 'JWT' }).sign(key)
  }

  function signInAs(account: TestAccount) {
    accounts.set(account.sub, account)
    signingInAs = account
  }

  const handle = provider.callback()
  server.on('request', (req, res) => {
    if (req.url?.startsWith('/interaction/')) {
      // The login step: sign in as the account chosen for this flow.
      void (async () => {
        try {
          await provider.interactionDetails(req, res)
          await provider.interactionFinished(req, res, { login: { accountId: signingInAs.sub } }, { mergeWithLastSubmission: false })
        } catch (error) {
          res.statusCode = 500
          res.end(String(error))
        }
      })()
      return
    }
    handle(req, res)
  })

  return {
    issuer,
    discoveryUrl: `${issuer}/.well-known/openid-configuration`,
    signInAs,
    forgeIdTokens(next) {
      forgery = next
    },
    lastTokenResponse: () => lastToken,
    async authorize(url, account = DEFAULT_ACCOUNT) {
      signInAs(account)
      // A fresh browser: its own cookies, so every flow logs in again.
      const cookies = new Map<string, string>()
      let next = url
      for (let hop = 0; hop < 10; hop++) {
        const res = await fetch(next, {
          redirect: 'manual',
          headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
        })
        for (const cookie of res.headers.getSetCookie()) {
          const [pair] = cookie.split(';')
          const at = pair!.indexOf('=')
          cookies.set(pair!.slice(0, at).trim(), pair!.slice(at + 1))
        }
        const location = res.headers.get('location')
        if (res.status >= 300 && res.status < 400 && location) {
          const target = new URL(location, next)
          if (target.origin !== issuer) return { method: 'GET', url: target.href }
          next = target.href
          continue
        }
        const html = await res.text()
        const form = /<form method="post" action="([^"]+)">/.exec(html)
        if (res.status === 200 && form) {
          const fields = new URLSearchParams()
          for (const [, name, value] of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/>/g)) fields.set(name!, decodeHtml(value!))
          return { method: 'POST', url: decodeHtml(form[1]!), form: fields }
        }
        throw new Error(`identity provider answered ${res.status}: ${html.slice(0, 500)}`)
      }
      throw new Error('identity provider redirected too many times')
    },
    async close() {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
