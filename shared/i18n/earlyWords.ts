// The catalogs' words the page's first script shows before the app has loaded (the early total:
// renderer/src/early/paint.ts), taken from the catalogs at build time (scripts/lib/earlyScript.ts).
export const EARLY_WORD_IDS = { total: 'home.total', lockNow: 'screen.lockNow' } as const

/** per locale, each word by its name in EARLY_WORD_IDS */
export type EarlyWords = Record<string, { [K in keyof typeof EARLY_WORD_IDS]: string }>
