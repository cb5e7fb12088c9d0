// TEST ONLY: a child script (the app's core in a process of its own) bundled once per test process
// with esbuild, its packages left to node_modules, so each start of a child costs Node's start and
// not tsx's transform of the whole app again (about 1.1 s of CPU a start; the kill tests start
// dozens). Each module keeps its own `import.meta.url`, as under tsx, so what it finds beside
// itself (the workers' sources, the fonts) is where it was.
import { mkdirSync, readFileSync, rmSync } from 'node:fs'
import { basename, join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { build, type Plugin } from 'esbuild'

const ROOT = resolve(__dirname, '../..')
/** inside the repository, so the bundle's imports of packages resolve to its node_modules */
const OUT_DIR = join(ROOT, '.tmp', 'children')

const ownUrl: Plugin = {
  name: 'own-import-meta-url',
  setup(b) {
    b.onLoad({ filter: /\.tsx?$/ }, (args) => {
      if (args.path.includes(`${'/'}node_modules${'/'}`)) return undefined
      const text = readFileSync(args.path, 'utf8')
      const contents = text.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href))
      return { contents, loader: args.path.endsWith('x') ? 'tsx' : 'ts' }
    })
  },
}

const bundles = new Map<string, Promise<string>>()

/** The bundled file for `script` (a .ts path), made on first use in this process and removed at exit. */
export function bundledChild(script: string): Promise<string> {
  const known = bundles.get(script)
  if (known) return known
  const outfile = join(OUT_DIR, `${basename(script).replace(/\.tsx?$/, '')}-${process.pid}-${bundles.size}.mjs`)
  const made = (async () => {
    mkdirSync(OUT_DIR, { recursive: true })
    await build({
      entryPoints: [script],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node22',
      packages: 'external',
      alias: { '@shared': join(ROOT, 'shared') },
      tsconfig: join(ROOT, 'tsconfig.node.json'),
      plugins: [ownUrl],
      logLevel: 'error',
    })
    process.once('exit', () => rmSync(outfile, { force: true }))
    return outfile
  })()
  bundles.set(script, made)
  return made
}
