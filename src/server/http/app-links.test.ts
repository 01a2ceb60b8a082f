/**
 * The two halves of an app link agree: the pages the site's files let the apps open are the pages
 * the apps claim (the Android manifest's verified intent filter; iOS claims whatever the site's file
 * lists, for the host its entitlements name), and both apps take the faredrop:// scheme.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { APP_LINK_PATHS, APP_URL_SCHEME } from '#shared/app-links.ts'
import { parseEnv } from '../env.ts'
import { appLinksConfig } from './app-links.ts'

const ROOT = path.resolve(import.meta.dirname, '../../..')
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8')

describe('app links: site and apps agree', () => {
  it('the Android manifest verifies exactly the pages the site lists, and takes the app scheme', () => {
    const manifest = read('android/app/src/main/AndroidManifest.xml')
    const verified = /<intent-filter android:autoVerify="true">([\s\S]*?)<\/intent-filter>/.exec(manifest)?.[1] ?? ''
    expect(verified).toContain('android:scheme="https" android:host="${appLinkHost}"')
    expect([...verified.matchAll(/android:path="([^"]+)"/g)].map((m) => m[1])).toEqual(APP_LINK_PATHS)
    expect(manifest).toContain(`<data android:scheme="${APP_URL_SCHEME}" />`)
    expect(manifest).toContain('android.permission.POST_NOTIFICATIONS')
  })

  it('the iOS app claims the site for links and passwords, takes the app scheme and may receive push', () => {
    const entitlements = read('ios/App/App/App.entitlements')
    expect(entitlements).toContain('<string>applinks:$(APP_LINK_HOST)</string>')
    expect(entitlements).toContain('<string>webcredentials:$(APP_LINK_HOST)</string>')
    expect(entitlements).toContain('<key>aps-environment</key>')
    expect(read('ios/App/App/Info.plist')).toContain(`<string>${APP_URL_SCHEME}</string>`)
    expect(read('ios/App/App.xcodeproj/project.pbxproj')).toContain('CODE_SIGN_ENTITLEMENTS = App/App.entitlements;')
  })

  it('names no app until its signing identity is configured', () => {
    expect(appLinksConfig(parseEnv({}))).toEqual({ android: null, ios: null })
  })

  it('refuses at start a fingerprint, team id or package name the stores would never match', () => {
    expect(() => parseEnv({ ANDROID_APP_CERT_SHA256: 'AB:CD', IOS_APP_TEAM_ID: 'abcde12345', ANDROID_APP_PACKAGE: 'faredrop' })).toThrow(
      /ANDROID_APP_PACKAGE: .*\n.*ANDROID_APP_CERT_SHA256: must be SHA-256 fingerprints.*\n.*IOS_APP_TEAM_ID: must be an Apple team id/,
    )
  })
})
