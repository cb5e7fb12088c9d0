import './i18n/startRuntime'
import { StrictMode } from 'react'
import { flushSync } from 'react-dom'
import { createRoot } from 'react-dom/client'
import { Root } from './App'
import { boot, subscribe } from './boot'
import { I18nRoot } from './i18n/I18nRoot'
import { useLock } from './stores/lock'
import './styles.css'

subscribe()
const el = document.getElementById('root')
const root = el ? createRoot(el) : null
let rendered = false
/**
 * The first render waits until main has said whether the app is locked (nothing shows before),
 * and is done at once, with the balances boot has just put in: one render of the first screen,
 * not an empty one first and the screen in a later task (docs/first-screen.md, "The first screen").
 */
function renderOnce() {
  if (rendered || !root) return
  rendered = true
  // the total early.js painted goes in the same task as React's first render: no frame without either
  el?.querySelector(':scope > [data-early]')?.remove()
  flushSync(() =>
    root.render(
      <StrictMode>
        <I18nRoot>
          <Root />
        </I18nRoot>
      </StrictMode>,
    ),
  )
}
const stopWatching = useLock.subscribe((s) => {
  if (s.gate !== 'locked') return
  stopWatching()
  renderOnce()
})
// nothing is asked for, nor shown, until main says the app is not locked
void useLock.getState().start(() => {
  void boot()
  renderOnce()
})
