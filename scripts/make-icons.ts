// Draws the app's icons from one SVG lightning bolt, rendered by headless Chromium, into
// resources/ (committed). Run again after changing the drawing: `npx tsx scripts/make-icons.ts`.
//   icon.png                      512 × 512, the app icon (electron-builder makes the platform formats)
//   tray.png / tray@2x.png        16 / 32, coloured, for Windows and Linux trays
//   trayTemplate.png / @2x        16 / 32, black on transparent: macOS tints "Template" images itself
//   trayOffline*.png              the same four while the service cannot be reached: faded, struck through
//   trayError*.png                the same four while the service answers but nothing works: faded, with a "!" badge
import { mkdir, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { chromium } from 'playwright-core'

const OUT = resolve(import.meta.dirname, '..', 'resources')
const BOLT = 'M 13.5 1.5 L 4.5 13.2 L 10.6 13.2 L 9.2 22.5 L 19.5 9.6 L 13.2 9.6 Z'

/** The app icon: a bolt on an amber rounded square, like a dock or launcher expects. */
function appIconSvg(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="100%" height="100%">
    <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#ffb300"/><stop offset="1" stop-color="#f57c00"/></linearGradient></defs>
    <rect x="1" y="1" width="22" height="22" rx="5" fill="url(#g)"/>
    <g transform="translate(2.4 2.4) scale(0.8)"><path d="${BOLT}" fill="#ffffff" stroke="#7a3e00" stroke-width="0.6" stroke-linejoin="round"/></g>
  </svg>`
}

/** A "!" in a disc at the bottom right; with no `mark` colour the "!" is cut out (for Template images). */
function errorBadge(disc: string, mark: string | null): string {
  const bar = '<rect x="16.9" y="12.6" width="2.2" height="6" rx="1.1"/><circle cx="18" cy="21.3" r="1.2"/>'
  if (mark) return `<circle cx="18" cy="18" r="6" fill="${disc}"/><g fill="${mark}">${bar}</g>`
  return `<mask id="cut"><rect width="24" height="24" fill="white"/><g fill="black">${bar}</g></mask>
    <circle cx="18" cy="18" r="6" fill="${disc}" mask="url(#cut)"/>`
}

type TrayLook = 'normal' | 'offline' | 'error'

/**
 * A tray icon is only the bolt: small sizes need the whole square for the shape. Offline, it fades
 * and is struck through; in error, it fades and carries a "!" badge.
 */
function traySvg(fill: string, stroke: string | null, look: TrayLook = 'normal'): string {
  const s = stroke ? ` stroke="${stroke}" stroke-width="1" stroke-linejoin="round"` : ''
  const faded = look !== 'normal' ? ' opacity="0.45"' : ''
  const slash =
    look === 'offline'
      ? `<line x1="3" y1="3" x2="21" y2="21" stroke="${stroke ?? fill}" stroke-width="2.4" stroke-linecap="round"/>`
      : ''
  const badge = look === 'error' ? (stroke ? errorBadge('#d32f2f', '#ffffff') : errorBadge(fill, null)) : ''
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="100%" height="100%">
    <path d="${BOLT}" fill="${fill}"${s}${faded}/>${slash}${badge}</svg>`
}

const ICONS: Array<{ file: string; size: number; svg: string }> = [
  { file: 'icon.png', size: 512, svg: appIconSvg() },
  { file: 'tray.png', size: 16, svg: traySvg('#ffb300', '#7a3e00') },
  { file: 'tray@2x.png', size: 32, svg: traySvg('#ffb300', '#7a3e00') },
  { file: 'trayTemplate.png', size: 16, svg: traySvg('#000000', null) },
  { file: 'trayTemplate@2x.png', size: 32, svg: traySvg('#000000', null) },
  { file: 'trayOffline.png', size: 16, svg: traySvg('#9e9e9e', '#424242', 'offline') },
  { file: 'trayOffline@2x.png', size: 32, svg: traySvg('#9e9e9e', '#424242', 'offline') },
  { file: 'trayOfflineTemplate.png', size: 16, svg: traySvg('#000000', null, 'offline') },
  { file: 'trayOfflineTemplate@2x.png', size: 32, svg: traySvg('#000000', null, 'offline') },
  { file: 'trayError.png', size: 16, svg: traySvg('#ffb300', '#7a3e00', 'error') },
  { file: 'trayError@2x.png', size: 32, svg: traySvg('#ffb300', '#7a3e00', 'error') },
  { file: 'trayErrorTemplate.png', size: 16, svg: traySvg('#000000', null, 'error') },
  { file: 'trayErrorTemplate@2x.png', size: 32, svg: traySvg('#000000', null, 'error') },
]

async function main(): Promise<void> {
  await mkdir(OUT, { recursive: true })
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  })
  try {
    for (const icon of ICONS) {
      const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size }, deviceScaleFactor: 1 })
      await page.setContent(
        `<!doctype html><html><body style="margin:0;background:transparent">
          <div style="width:${icon.size}px;height:${icon.size}px">${icon.svg}</div></body></html>`,
      )
      const png = await page.screenshot({
        omitBackground: true,
        clip: { x: 0, y: 0, width: icon.size, height: icon.size },
      })
      await writeFile(join(OUT, icon.file), png)
      await page.close()
      console.log(`${icon.file}  ${icon.size}×${icon.size}`)
    }
  } finally {
    await browser.close()
  }
}

await main()
