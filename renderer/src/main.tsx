import './i18n/startRuntime'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { Root } from './App'
import { boot, subscribe } from './boot'
import { I18nRoot } from './i18n/I18nRoot'
import { useLock } from './stores/lock'
import './styles.css'

subscribe()
// nothing is asked for, nor shown, until main says the app is not locked
void useLock.getState().start(() => void boot())
const root = document.getElementById('root')
if (root)
  createRoot(root).render(
    <StrictMode>
      <I18nRoot>
        <Root />
      </I18nRoot>
    </StrictMode>,
  )
