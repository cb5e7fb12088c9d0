// electron-builder.yml checked by electron-builder's own loader and JSON-schema validation, and the
// icons it ships checked as real PNGs of the right size.
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { TRAY_LOOKS } from '../../../electron/main/shell/tray'

const root = resolve(__dirname, '../../..')
const require = createRequire(import.meta.url)
type Config = Record<string, unknown> & {
  electronFuses?: Record<string, boolean>
  linux?: { target?: unknown; category?: string }
  mac?: { target?: unknown; extendInfo?: Record<string, string> }
  win?: { target?: unknown }
  protocols?: Array<{ name: string; schemes: string[] }>
}
const { getConfig, validateConfiguration } = require(
  join(root, 'node_modules/app-builder-lib/out/util/config/config.js'),
) as {
  getConfig(dir: string, file: string, extra: unknown): Promise<Config>
  validateConfiguration(c: Config, logger: unknown): Promise<void>
}
const { parse: parsePlist } = require('plist') as { parse(xml: string): unknown }
const { DebugLogger } = require(join(root, 'node_modules/builder-util/out/DebugLogger.js')) as {
  DebugLogger: new (enabled: boolean) => unknown
}

async function load(): Promise<Config> {
  return getConfig(root, 'electron-builder.yml', null)
}

describe('electron-builder.yml', () => {
  it('passes electron-builder’s schema, and the schema does catch mistakes', async () => {
    const config = await load()
    await expect(validateConfiguration(config, new DebugLogger(false))).resolves.toBeUndefined()
    await expect(
      validateConfiguration(
        { ...config, linux: { target: ['AppImage'], categori: 'Finance' } } as Config,
        new DebugLogger(false),
      ),
    ).rejects.toThrow(/configuration.linux/)
    await expect(
      validateConfiguration({ ...config, electronFuses: { runAsNod: false } }, new DebugLogger(false)),
    ).rejects.toThrow(/configuration.electronFuses/)
  })

  it('names the app and packs only the build output', async () => {
    const c = await load()
    expect(c.appId).toBe('org.lightningtray.app')
    expect(c.productName).toBe('Lightning Tray')
    expect(c.directories).toEqual({ output: 'dist', buildResources: 'resources' })
    expect(c.files).toEqual([{ filter: ['out/**', 'package.json', '!**/*.map'] }])
    expect(c.asar).toBe(true)
    expect(c.asarUnpack).toEqual(['**/node_modules/keytar/**'])
    expect(c.npmRebuild).toBe(false)
  })

  it('builds AppImage + deb, dmg and nsis, and registers lightning:, bitcoin: and the pairing schemes', async () => {
    const c = await load()
    expect(c.linux?.target).toEqual(['AppImage', 'deb'])
    expect(c.linux?.category).toBe('Finance')
    expect(c.mac?.target).toEqual(['dmg'])
    expect(c.win?.target).toEqual(['nsis'])
    expect(c.protocols).toEqual([
      { name: 'Lightning', schemes: ['lightning'] },
      { name: 'Bitcoin', schemes: ['bitcoin'] },
      { name: 'Nostr Wallet Connect', schemes: ['nostr+walletauth', 'nostrnwc'] },
    ])
    expect(c.mac?.extendInfo?.NSCameraUsageDescription).toMatch(/QR/)
  })

  it('signs for the hardened runtime with library validation on: only JIT and the camera excepted', async () => {
    const c = (await load()) as Config & {
      mac?: { hardenedRuntime?: boolean; entitlements?: string; entitlementsInherit?: string }
    }
    expect(c.mac?.hardenedRuntime).toBe(true)
    expect(c.mac?.entitlementsInherit).toBe(c.mac?.entitlements)
    const plist = parsePlist(await readFile(join(root, String(c.mac?.entitlements)), 'utf8'))
    // Exactly these: disable-library-validation, allow-unsigned-executable-memory or any other
    // exception added back fails here.
    expect(plist).toStrictEqual({
      'com.apple.security.cs.allow-jit': true,
      'com.apple.security.device.camera': true,
    })
  })

  it('flips the Electron fuses', async () => {
    expect((await load()).electronFuses).toEqual({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      enableCookieEncryption: true,
      grantFileProtocolExtraPrivileges: false,
    })
  })
})

describe('icons', () => {
  async function png(file: string): Promise<{ width: number; height: number; colorType: number }> {
    const b = await readFile(join(root, 'resources', file))
    expect(b.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a')
    return { width: b.readUInt32BE(16), height: b.readUInt32BE(20), colorType: b.readUInt8(25) }
  }

  it('has the app icon at 512 and tray icons at 16/32 with transparency', async () => {
    expect(await png('icon.png')).toEqual({ width: 512, height: 512, colorType: 6 })
    for (const [file, size] of [
      ['tray.png', 16],
      ['tray@2x.png', 32],
      ['trayTemplate.png', 16],
      ['trayTemplate@2x.png', 32],
    ] as const) {
      expect(await png(file)).toEqual({ width: size, height: size, colorType: 6 })
    }
  })

  it('has every look of the tray icon (normal, offline, error) at 1x and 2x, coloured and as a template', async () => {
    expect(Object.keys(TRAY_LOOKS)).toEqual(['normal', 'offline', 'error'])
    const seen = new Set<string>()
    for (const name of Object.values(TRAY_LOOKS)) {
      for (const [suffix, size] of [
        ['.png', 16],
        ['@2x.png', 32],
        ['Template.png', 16],
        ['Template@2x.png', 32],
      ] as const) {
        const file = `${name}${suffix}`
        expect(await png(file), file).toEqual({ width: size, height: size, colorType: 6 })
        seen.add((await readFile(join(root, 'resources', file))).toString('base64'))
      }
    }
    // each look is its own drawing, not a copy of another
    expect(seen.size).toBe(Object.keys(TRAY_LOOKS).length * 4)
  })
})
