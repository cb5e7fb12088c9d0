// Scan a QR code from an image file, the clipboard or the camera, then route what it says.

import { routePayInput } from '@shared/payment/route'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { Pending, Problem } from '../components/ErrorMessage'
import { Screen } from '../components/Screen'
import { TextField } from '../components/TextField'
import { t, tw } from '../i18n'
import { FormattedMessage } from '../i18n/FormattedMessage'
import { decodeImageBlob, decodePixels } from '../lib/scan'
import { visibleInterval } from '../lib/visibleTimers'
import { useUi } from '../stores/ui'

type Outcome = { kind: 'idle' } | { kind: 'working'; what: string } | { kind: 'problem'; message: string }

export default function Scan() {
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' })
  const [camera, setCamera] = useState(false)

  async function handle(found: string | null, source: string) {
    if (found === null) {
      setOutcome({ kind: 'problem', message: t('scan.noQrCodeWasFound', { source }) })
      return
    }
    const route = routePayInput(found)
    if ('problem' in route) setOutcome({ kind: 'problem', message: tw(route.problem) })
    else if (route.to === 'invoice') useUi.getState().go({ to: 'send', address: route.invoice })
    else useUi.getState().go(route)
  }

  async function fromBlob(blob: Blob, source: string) {
    setOutcome({ kind: 'working', what: t('scan.readingThe', { source }) })
    try {
      await handle(await decodeImageBlob(blob), source)
    } catch {
      setOutcome({ kind: 'problem', message: t('scan.theCouldNotBeRead', { source }) })
    }
  }

  async function fromClipboard() {
    try {
      const items = await navigator.clipboard.read()
      for (const item of items) {
        const type = item.types.find((t) => t.startsWith('image/'))
        if (type) return void (await fromBlob(await item.getType(type), t('scan.clipboardImage')))
      }
      setOutcome({ kind: 'problem', message: t('scan.theClipboardHoldsNoImage') })
    } catch {
      setOutcome({
        kind: 'problem',
        message: t('scan.readingTheClipboardWasRefused'),
      })
    }
  }

  return (
    <Screen title={t('scan.scan')}>
      {/* an image dropped anywhere on the screen is read like an opened file (never opened as a page) */}
      <section
        aria-label={t('scan.waysToReadAQr')}
        data-testid="scan-drop"
        onDragOver={(e) => e.preventDefault()}
        onDrop={(e) => {
          e.preventDefault()
          const f = [...e.dataTransfer.files].find((file) => file.type.startsWith('image/'))
          if (f) void fromBlob(f, t('scan.droppedImage'))
          else setOutcome({ kind: 'problem', message: t('scan.dropAnImageOf') })
        }}
      >
        <p>
          <FormattedMessage id="scan.readALightningInvoiceLightning" />
        </p>
        <div className="actions">
          <input
            id="scan-file"
            className="sr-only"
            type="file"
            accept="image/*"
            onChange={(e) => {
              const f = e.target.files?.[0]
              e.target.value = ''
              if (f) void fromBlob(f, t('scan.imageFile'))
            }}
          />
          <label className="button" htmlFor="scan-file">
            <FormattedMessage id="scan.openAnImageFile" />
          </label>
          <button type="button" onClick={() => void fromClipboard()}>
            <FormattedMessage id="scan.pasteImageFromClipboard" />
          </button>
          <button type="button" onClick={() => setCamera((c) => !c)} aria-pressed={camera}>
            {camera ? t('scan.stopCamera') : t('scan.useCamera')}
          </button>
        </div>
        {camera && (
          <Camera
            onFound={(t) => {
              setCamera(false)
              void handle(t, 'camera')
            }}
            onError={(message) => {
              setCamera(false)
              setOutcome({ kind: 'problem', message })
            }}
          />
        )}
        <PastedText onText={(text) => void handle(text, 'text')} />
        {outcome.kind === 'working' && <Pending>{outcome.what}</Pending>}
        <Problem>{outcome.kind === 'problem' ? outcome.message : null}</Problem>
      </section>
    </Screen>
  )
}

/** The text of a QR code (or any payment text), pasted instead of scanned. */
function PastedText({ onText }: { onText: (text: string) => void }) {
  const [text, setText] = useState('')
  function submit(e: FormEvent) {
    e.preventDefault()
    onText(text)
  }
  return (
    <form onSubmit={submit} noValidate>
      <TextField id="scan-text" label={t('scan.orPasteTheText')} value={text} onValue={setText} spellCheck={false} />
      <button type="submit">
        <FormattedMessage id="scan.useThisText" />
      </button>
    </form>
  )
}

function Camera(props: { onFound: (text: string) => void; onError: (message: string) => void }) {
  const video = useRef<HTMLVideoElement>(null)
  // the parent re-renders with new callbacks; the camera must not restart for that
  const cb = useRef(props)
  cb.current = props
  useEffect(() => {
    let stream: MediaStream | null = null
    let stopTimer = () => {}
    let stopped = false
    const canvas = document.createElement('canvas')
    const ctx = canvas.getContext('2d', { willReadFrequently: true })
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' }, audio: false })
      .then(async (s) => {
        if (stopped) return stopTracks(s)
        stream = s
        const v = video.current
        if (!v || !ctx) return
        v.srcObject = s
        await v.play()
        // stopped while the video was starting: the cleanup has run, so start no timer after it
        if (stopped) return
        let busy = false
        // no frames are read while the window is hidden
        stopTimer = visibleInterval(async () => {
          if (busy || !v.videoWidth) return
          busy = true
          canvas.width = v.videoWidth
          canvas.height = v.videoHeight
          ctx.drawImage(v, 0, 0)
          const found = await decodePixels(
            ctx.getImageData(0, 0, canvas.width, canvas.height).data,
            canvas.width,
            canvas.height,
          )
          busy = false
          if (found && !stopped) cb.current.onFound(found)
        }, 250)
      })
      .catch((e: unknown) => {
        if (stopped) return
        const name = e instanceof DOMException ? e.name : ''
        cb.current.onError(
          name === 'NotAllowedError'
            ? t('scan.cameraAccessWasRefusedAllow')
            : name === 'NotFoundError'
              ? t('scan.noCameraWasFoundOpen')
              : t('scan.theCameraCouldNotBe'),
        )
      })
    return () => {
      stopped = true
      stopTimer()
      if (stream) stopTracks(stream)
    }
  }, [])
  return <video ref={video} className="camera" muted playsInline aria-label={t('scan.cameraPreview')} />
}

function stopTracks(s: MediaStream): void {
  for (const t of s.getTracks()) t.stop()
}
