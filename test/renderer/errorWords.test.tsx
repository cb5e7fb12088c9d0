// Every error the app can show says what to do next: each code has a sentence or says, by null,
// that main's messages of that code give the way forward themselves. The code decides, never the
// message's words, so a German message gets the hint the English one gets.
import { ErrorCode } from '@shared/errors'
import de from '@shared/i18n/de.json'
import en from '@shared/i18n/en.json'
import { renderToString } from 'react-dom/server'
import { expect, test } from 'vitest'
import { ErrorMessage } from '../../renderer/src/components/ErrorMessage'
import { t } from '../../renderer/src/i18n'
import { NEXT_STEP, nextStep } from '../../renderer/src/lib/errorWords'

test('every next step is a full sentence, free of codes and jargon', () => {
  for (const code of ErrorCode.options) {
    const id = NEXT_STEP[code]
    if (id === null) continue
    const step = t(id)
    expect(step, code).toMatch(/^[A-Z].{15,}\.$/)
    expect(step, code).not.toMatch(/\b[a-z]+_[a-z]+\b|HTTP|\b[45]\d\d\b|null|undefined/)
  }
})

test('the next step is shown under the message', () => {
  const error = { code: 'timeout', message: 'The service did not answer in time.', retryable: true } as const
  expect(nextStep(error)).toBe(t('errorWords.timeout'))
  const html = renderToString(<ErrorMessage error={error} />)
  expect(html).toContain('<p>The service did not answer in time.</p>')
  expect(html).toContain(`<p class="next-step">${t('errorWords.timeout')}</p>`)
})

test('a code whose messages say the way forward gets no second hint', () => {
  const error = { code: 'locked', message: en['errors.locked'], retryable: false } as const
  expect(nextStep(error)).toBeNull()
  expect(renderToString(<ErrorMessage error={error} />)).not.toContain('next-step')
})

test('the German message of every error gets the hint the English one gets', () => {
  const differ: string[] = []
  for (const code of ErrorCode.options)
    for (const id of Object.keys(en) as (keyof typeof en)[]) {
      const english = nextStep({ code, message: en[id], retryable: false })
      const german = nextStep({ code, message: de[id], retryable: false })
      if (english !== german) differ.push(`${code} ${id}`)
    }
  expect(differ).toEqual([])
  // e.g. main's "could not be reached. Check your connection…": "Check" once hid the hint in English only
  const unreachable = (message: string) => nextStep({ code: 'network', message, retryable: true })
  expect(unreachable(de['client.unreachable'])).toBe(t('errorWords.network'))
  expect(unreachable(en['client.unreachable'])).toBe(t('errorWords.network'))
})
