// The Claim screen as first drawn, before any effect runs: a link that just arrived shows its host
// and a button, and nothing else; one on this computer shows the warning instead. (Both hosts of an
// offer, and the warning for a private callback, are checked in Chromium: test/e2e/journeys/
// outsideLinks.test.ts.)
import { encodeLnurl } from '@shared/lnurl'
import { renderToString } from 'react-dom/server'
import { beforeEach, expect, test } from 'vitest'
import Claim from '../../renderer/src/screens/Claim'
import { useClaim } from '../../renderer/src/stores/claim'

beforeEach(() => useClaim.getState().reset())
const text = (html: string) => html.replace(/<[^>]+>/g, '').replace(/&#x27;/g, "'")

test('a link from a public host: its host and one button to ask it', () => {
  const lnurl = encodeLnurl('https://sats.example/w/1')
  const html = renderToString(<Claim lnurl={lnurl} />)
  expect(text(html)).toContain('A withdraw link from sats.example. Nothing has been asked of sats.example yet.')
  expect(text(html)).toContain('Ask sats.example what it offers')
  expect(html).not.toContain('private-host-warning')
})

test('a link on this computer: the warning naming it, and its button, before anything is asked', () => {
  const lnurl = encodeLnurl('http://127.0.0.1:4210/w/1')
  const html = text(renderToString(<Claim lnurl={lnurl} />))
  expect(html).toContain('127.0.0.1:4210 is on this computer.')
  expect(html).toContain('Contact 127.0.0.1:4210 anyway')
  expect(html).not.toContain('what it offers')
})
