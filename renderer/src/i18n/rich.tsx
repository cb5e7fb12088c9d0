// Tags a message may wrap words in (react-intl rich text): `<b>{host}</b>` in a catalog renders
// through `values={{ b: strong }}`, so the sentence stays one message in every language.
import type { ReactNode } from 'react'

export const strong = (chunks: ReactNode[]) => <strong>{chunks}</strong>
export const code = (chunks: ReactNode[]) => <code>{chunks}</code>
