// The page's first script, renderer/src/early (docs/first-screen.md, "The first screen"). It must
// be a classic script, which runs while the page is parsed, not a module, which waits for the
// parse and shares the bundle's chunks: so it is built on its own, as one IIFE, and served as
// `early.js` beside index.html (built into out/renderer; answered by the dev server), its tag put
// into the page by the plugin below.
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { build, type Plugin } from 'vite'
import { EARLY_WORD_IDS, type EarlyWords } from '../../shared/i18n/earlyWords'
import { LOCALES } from '../../shared/i18n/locales'

const ENTRY = 'renderer/src/early/index.ts'

/** The catalogs' words the early paint shows; plain text only (the script has no ICU formatter). */
export function earlyWords(root: string): EarlyWords {
  const words: EarlyWords = {}
  for (const locale of LOCALES) {
    const catalog = JSON.parse(readFileSync(resolve(root, 'shared/i18n', `${locale}.json`), 'utf8'))
    const word = (id: string): string => {
      const text = catalog[id]
      if (typeof text !== 'string' || /[{}<>]/.test(text)) throw new Error(`${locale}: ${id} is not plain text`)
      return text
    }
    words[locale] = { total: word(EARLY_WORD_IDS.total), lockNow: word(EARLY_WORD_IDS.lockNow) }
  }
  return words
}

/** The early script, minified, as one classic script's text. */
export async function buildEarlyScript(root: string): Promise<string> {
  const built = await build({
    configFile: false,
    logLevel: 'warn',
    root,
    resolve: { alias: { '@shared': resolve(root, 'shared') } },
    define: { __EARLY_WORDS__: JSON.stringify(earlyWords(root)) },
    build: {
      write: false,
      minify: true,
      lib: { entry: resolve(root, ENTRY), formats: ['iife'], name: 'lightningTrayEarly', fileName: () => 'early.js' },
    },
  })
  const outputs = Array.isArray(built) ? built : [built]
  for (const out of outputs) {
    if (!('output' in out)) continue
    const chunk = out.output.find((o) => o.type === 'chunk')
    if (chunk && chunk.type === 'chunk') return chunk.code
  }
  throw new Error('the early script was not built')
}

/** The tag that loads it: right after the root it paints into, before the bundle. */
export const EARLY_TAG = '<script src="./early.js"></script>'
const ROOT_DIV = '<div id="root"></div>'

/**
 * The page with the early script's tag. Added after Vite has read the page's scripts: a classic
 * script in renderer/index.html itself makes Vite warn that it "can't be bundled without
 * type=module" on every build, though it is never meant to be bundled.
 */
export function withEarlyTag(html: string): string {
  if (!html.includes(ROOT_DIV)) throw new Error('index.html has no <div id="root"></div> for the early script')
  return html.replace(ROOT_DIV, `${ROOT_DIV}\n    ${EARLY_TAG}`)
}

/** Vite plugin for the renderer: `early.js` in the build, and from the dev server. */
export function earlyScript(root: string): Plugin {
  return {
    name: 'lightning-tray:early-script',
    transformIndexHtml: { order: 'post', handler: withEarlyTag },
    async generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'early.js', source: await buildEarlyScript(root) })
    },
    configureServer(server) {
      server.middlewares.use('/early.js', (_req, res, next) => {
        buildEarlyScript(root).then((code) => {
          res.setHeader('Content-Type', 'text/javascript')
          res.end(code)
        }, next)
      })
    },
  }
}
