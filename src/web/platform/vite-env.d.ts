// The build settings the native apps read (platform/index.ts; README, "Native apps").
interface ImportMetaEnv {
  /** The FareDrop server's origin, e.g. https://faredrop.app. */
  readonly VITE_API_ORIGIN?: string
  /** "true" once the push credentials are in place (google-services.json, APNs). */
  readonly VITE_NATIVE_PUSH?: string
}
