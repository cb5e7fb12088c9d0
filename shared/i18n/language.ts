// The language setting's schema, apart from ./locales.ts so the renderer's first chunk needs no zod.
import { z } from 'zod'
import { LOCALES } from './locales'

export const Language = z.enum(['system', ...LOCALES])
