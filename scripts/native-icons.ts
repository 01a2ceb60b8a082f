// `npm run cap:icons`: the Android and iOS apps' icons and splash screens, drawn from the logo
// (public/logo.svg) at the sizes and places Capacitor's generated projects use. Run it after a
// change to the logo and commit what it writes: native projects ship their images, unlike the PWA
// icons, which the web build draws (decision 037).
import { readFileSync, writeFileSync } from 'node:fs'
import sharp from 'sharp'

const BRAND = '#1d4ed8'
const SPLASH_BACKGROUND = '#ffffff'
const logo = readFileSync('public/logo.svg', 'utf8').trim()
/** The logo's plane and runway alone (no tile), in its 32-unit box. */
const glyph = logo.replace(/<rect[^>]*\/>/, '')
const ANDROID = 'android/app/src/main/res'
const IOS = 'ios/App/App/Assets.xcassets'

/** An SVG scaled to `size` px as PNG; `flatten` removes the alpha channel (App Store icons have none). */
async function png(svg: string, size: number, flatten?: string): Promise<Buffer> {
  let image = sharp(Buffer.from(svg), { density: Math.ceil((72 * size) / 32) }).resize(size, size)
  if (flatten) image = image.flatten({ background: flatten })
  return image.png().toBuffer()
}

/** The glyph centred on a `size` box, taking `share` of its width, over `background` (or clear). */
function glyphOn(share: number, background?: string, shape: 'square' | 'circle' = 'square'): string {
  const inset = (32 * (1 - share)) / 2
  const fill = background ? (shape === 'circle' ? `<circle cx="16" cy="16" r="16" fill="${background}"/>` : `<rect width="32" height="32" fill="${background}"/>`) : ''
  const inner = glyph.replace(/^<svg[^>]*>/, '').replace(/<\/svg>$/, '')
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${fill}<g transform="translate(${inset} ${inset}) scale(${share})">${inner}</g></svg>`
}

async function splash(width: number, height: number): Promise<Buffer> {
  const side = Math.round(Math.min(width, height) * 0.28)
  const mark = await png(logo, side)
  return sharp({ create: { width, height, channels: 3, background: SPLASH_BACKGROUND } })
    .composite([{ input: mark, left: Math.round((width - side) / 2), top: Math.round((height - side) / 2) }])
    .png()
    .toBuffer()
}

const densities: Array<[string, number]> = [['mdpi', 1], ['hdpi', 1.5], ['xhdpi', 2], ['xxhdpi', 3], ['xxxhdpi', 4]]
for (const [density, scale] of densities) {
  const dir = `${ANDROID}/mipmap-${density}`
  // Legacy launchers: the tile as it is, and in a circle. Adaptive icons: the glyph inside the
  // 66 of 108 dp that every mask keeps, over the brand colour (values/ic_launcher_background.xml).
  writeFileSync(`${dir}/ic_launcher.png`, await png(logo, 48 * scale))
  writeFileSync(`${dir}/ic_launcher_round.png`, await png(glyphOn(0.8, BRAND, 'circle'), 48 * scale))
  writeFileSync(`${dir}/ic_launcher_foreground.png`, await png(glyphOn(66 / 108), 108 * scale))
}
writeFileSync(
  `${ANDROID}/values/ic_launcher_background.xml`,
  `<?xml version="1.0" encoding="utf-8"?>\n<resources>\n    <color name="ic_launcher_background">${BRAND.toUpperCase()}</color>\n</resources>\n`,
)
const splashes: Array<[string, number, number]> = [
  ['drawable', 480, 320],
  ['drawable-land-mdpi', 480, 320],
  ['drawable-land-hdpi', 800, 480],
  ['drawable-land-xhdpi', 1280, 720],
  ['drawable-land-xxhdpi', 1600, 960],
  ['drawable-land-xxxhdpi', 1920, 1280],
  ['drawable-port-mdpi', 320, 480],
  ['drawable-port-hdpi', 480, 800],
  ['drawable-port-xhdpi', 720, 1280],
  ['drawable-port-xxhdpi', 960, 1600],
  ['drawable-port-xxxhdpi', 1280, 1920],
]
for (const [dir, width, height] of splashes) writeFileSync(`${ANDROID}/${dir}/splash.png`, await splash(width, height))

// iOS masks the corners itself: a full-bleed square without transparency.
writeFileSync(`${IOS}/AppIcon.appiconset/AppIcon-512@2x.png`, await png(glyphOn(0.8, BRAND), 1024, BRAND))
const iosSplash = await splash(2732, 2732)
for (const name of ['splash-2732x2732.png', 'splash-2732x2732-1.png', 'splash-2732x2732-2.png']) writeFileSync(`${IOS}/Splash.imageset/${name}`, iosSplash)
console.log('native icons and splash screens written from public/logo.svg')
