// Words @shared hands to the screen or to main's errors, as a message id and its values instead
// of English sentences: the renderer says them with t(), main with mt(), in the person's language.
// Only the catalog's type is imported; @shared carries no language runtime.
import type en from './en.json'

export type WordsId = keyof typeof en

/** A message to show: its id in the catalogs and its placeholders (a value may be words itself). */
export interface Words {
  id: WordsId
  values?: Record<string, string | number | Words>
}

export const words = (id: WordsId, values?: Words['values']): Words => (values ? { id, values } : { id })

/** `words` as text through a formatter (t or mt); words inside the values are said first. */
export function sayWith(format: (id: WordsId, values?: Record<string, string | number>) => string, w: Words): string {
  if (!w.values) return format(w.id)
  const values: Record<string, string | number> = {}
  for (const [k, v] of Object.entries(w.values)) values[k] = typeof v === 'object' ? sayWith(format, v) : v
  return format(w.id, values)
}
