// Every error the app can show says what to do next: each code has a sentence, shown under the
// message unless the message already gives a way forward.
import { ErrorCode } from '@shared/errors'
import { renderToString } from 'react-dom/server'
import { expect, test } from 'vitest'
import { ErrorMessage } from '../../renderer/src/components/ErrorMessage'
import { t } from '../../renderer/src/i18n'
import { NEXT_STEP, nextStep } from '../../renderer/src/lib/errorWords'

test('every error code has a next step in a full sentence, free of codes and jargon', () => {
  for (const code of ErrorCode.options) {
    const step = t(NEXT_STEP[code])
    expect(step, code).toMatch(/^[A-Z].{15,}\.$/)
    expect(step, code).not.toMatch(/\b[a-z]+_[a-z]+\b|HTTP|\b[45]\d\d\b|null|undefined/)
  }
})

test('the next step is added to a message that says only what happened', () => {
  const error = { code: 'timeout', message: 'The service did not answer in time.', retryable: true } as const
  expect(nextStep(error)).toBe(t(NEXT_STEP.timeout))
  const html = renderToString(<ErrorMessage error={error} />)
  expect(html).toContain('<p>The service did not answer in time.</p>')
  expect(html).toContain(`<p class="next-step">${t(NEXT_STEP.timeout)}</p>`)
})

test('a message that already says what to do gets no second hint', () => {
  const error = {
    code: 'network',
    message: 'The service could not be reached. Check your connection and the service address.',
    retryable: true,
  } as const
  expect(nextStep(error)).toBeNull()
  expect(renderToString(<ErrorMessage error={error} />)).not.toContain('next-step')
})
