import { describe, expect, it } from 'vitest'
import { parseApiOrigin } from './api-origin.ts'

describe('the API origin an app build is given', () => {
  it('takes an https:// origin, with or without a trailing slash', () => {
    expect(parseApiOrigin('https://faredrop.app')).toBe('https://faredrop.app')
    expect(parseApiOrigin('https://api.faredrop.app:8443/')).toBe('https://api.faredrop.app:8443')
  })

  it('takes plain http:// only for a development server on this machine or the local network', () => {
    expect(parseApiOrigin('http://10.0.2.2:3000')).toBe('http://10.0.2.2:3000')
    expect(parseApiOrigin('http://192.168.1.20:3000')).toBe('http://192.168.1.20:3000')
    expect(parseApiOrigin('http://localhost:3000')).toBe('http://localhost:3000')
    expect(parseApiOrigin('http://faredrop.app')).toBeNull()
    expect(parseApiOrigin('http://8.8.8.8')).toBeNull()
  })

  it('refuses anything that is not just an origin', () => {
    for (const value of [undefined, '', 'faredrop.app', 'https://faredrop.app/api', 'https://faredrop.app?x=1', 'https://u:p@faredrop.app', 'ftp://faredrop.app', 'javascript:alert(1)']) {
      expect(parseApiOrigin(value), String(value)).toBeNull()
    }
  })
})
