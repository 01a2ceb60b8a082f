/**
 * A browser-like client for the scripts that drive a running server (bench:api, bench:crash): it
 * sends our Origin, keeps cookies between calls, and sends JSON as application/json.
 */
export function browserClient(origin) {
  const cookies = new Map()
  return {
    cookieHeader: () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    async request(pathname, { method = 'GET', json, headers: extra = {} } = {}) {
      const headers = { origin, ...extra }
      if (cookies.size) headers.cookie = this.cookieHeader()
      if (json !== undefined) headers['content-type'] = 'application/json'
      const res = await fetch(`${origin}${pathname}`, { method, headers, body: json === undefined ? undefined : JSON.stringify(json), redirect: 'manual' })
      for (const cookie of res.headers.getSetCookie()) {
        const [pair] = cookie.split(';')
        const [name, ...rest] = pair.split('=')
        if (rest.join('=') === '' || /max-age=0/i.test(cookie)) cookies.delete(name.trim())
        else cookies.set(name.trim(), rest.join('='))
      }
      return res
    },
  }
}
