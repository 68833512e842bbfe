/**
 * A quiet "Install" when the browser offers installation (beforeinstallprompt), or on iOS Safari,
 * which has no such event, a short hint to add Unburden from the Share menu (docs/product.md,
 * decision 11).
 */
import { useEffect, useState } from 'react'
import './app-notices.css'
import { translator } from '../i18n/i18n'
import { NOTICE_MESSAGES } from '../i18n/messages/notices'

const t = translator(NOTICE_MESSAGES)
import { useLanguage } from './use-language'

/** Chromium's install event (not in TypeScript's DOM library). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>
}

const HINT_DISMISSED_KEY = 'unburden-install-hint-dismissed'

/** True on iPhone/iPad Safari when the app is not already running from the home screen. */
export function needsIosInstallHint(nav: Navigator = navigator): boolean {
  const ua = nav.userAgent
  const ios = /iPad|iPhone|iPod/.test(ua) || (/Macintosh/.test(ua) && nav.maxTouchPoints > 1)
  const safari = /Safari/.test(ua) && !/CriOS|FxiOS|EdgiOS|OPiOS/.test(ua)
  const standalone =
    (nav as Navigator & { standalone?: boolean }).standalone === true ||
    window.matchMedia?.('(display-mode: standalone)').matches === true
  return ios && safari && !standalone
}

function hintDismissed(): boolean {
  try {
    return localStorage.getItem(HINT_DISMISSED_KEY) === '1'
  } catch {
    return false
  }
}

/** The install affordance; renders nothing when installation is not on offer. */
export function InstallPrompt() {
  const [installEvent, setInstallEvent] = useState<BeforeInstallPromptEvent | null>(null)
  const [showHint, setShowHint] = useState(() => needsIosInstallHint() && !hintDismissed())
  useLanguage()

  useEffect(() => {
    const onPrompt = (event: Event) => {
      event.preventDefault()
      setInstallEvent(event as BeforeInstallPromptEvent)
    }
    const onInstalled = () => setInstallEvent(null)
    window.addEventListener('beforeinstallprompt', onPrompt)
    window.addEventListener('appinstalled', onInstalled)
    return () => {
      window.removeEventListener('beforeinstallprompt', onPrompt)
      window.removeEventListener('appinstalled', onInstalled)
    }
  }, [])

  if (installEvent) {
    const install = async () => {
      await installEvent.prompt()
      await installEvent.userChoice.catch(() => undefined)
      setInstallEvent(null)
    }
    return (
      <div className="install-prompt">
        <button type="button" className="install-prompt__button" onClick={() => void install()}>
          <span className="install-prompt__icon" aria-hidden="true">
            ⤓
          </span>
          <span className="install-prompt__label">{t('install.button')}</span>
        </button>
      </div>
    )
  }
  if (!showHint) return null
  const dismiss = () => {
    setShowHint(false)
    try {
      localStorage.setItem(HINT_DISMISSED_KEY, '1')
    } catch {
      // Private mode: the hint simply comes back next time.
    }
  }
  return (
    <div className="install-prompt install-prompt--hint">
      <p className="install-prompt__text">{t('install.hint')}</p>
      <button
        type="button"
        className="install-prompt__close"
        aria-label={t('install.dismiss')}
        onClick={dismiss}
      >
        ×
      </button>
    </div>
  )
}
