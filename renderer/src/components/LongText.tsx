// Another's words (a memo, an invoice's or a link's description) can run to thousands of
// characters. Shown whole they push the amount and the buttons off a tray-sized screen, so the
// first part shows with a button that shows the rest; nothing is ever cut without a way to see it.
import { useState } from 'react'
import { formatLocale, t } from '../i18n'

/** How much shows before "Show all": about five lines at tray width. */
export const LONG_TEXT_SHOWN = 240

/**
 * `inline`: a <span> inside a line of its own (a memo after an amount), not a paragraph.
 * `shown`: how many characters show before "Show all", where less room is left (beside a QR code).
 */
export function LongText(props: {
  text: string
  className?: string
  quoted?: boolean
  inline?: boolean
  shown?: number
}) {
  const [all, setAll] = useState(false)
  const limit = props.shown ?? LONG_TEXT_SHOWN
  const long = props.text.length > limit
  const shown = all || !long ? props.text : `${props.text.slice(0, limit).trimEnd()}…`
  const q = props.quoted ? ['“', '”'] : ['', '']
  const Tag = props.inline ? 'span' : 'p'
  return (
    <Tag className={props.className ? `long-text ${props.className}` : 'long-text'}>
      {q[0]}
      {shown}
      {q[1]}
      {long && (
        <>
          {' '}
          <button type="button" className="link" aria-expanded={all} onClick={() => setAll(!all)}>
            {all
              ? t('longText.showLess')
              : t('longText.showAllCharacters', { amount: props.text.length.toLocaleString(formatLocale()) })}
          </button>
        </>
      )}
    </Tag>
  )
}
