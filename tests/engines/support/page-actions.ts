/**
 * What a visitor does, written once for every engine: each action is plain DOM code run in the page,
 * so Chromium, Firefox and WebKit go through exactly the same steps.
 */
import type { EngineSession } from './engines'

const POLL_MS = 150

/** Polls `check(arg)` in the page until it returns true. */
export async function waitUntil<A = undefined>(
  session: EngineSession,
  what: string,
  check: (arg: A) => boolean | Promise<boolean>,
  timeoutMs = 15_000,
  arg?: A,
): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (await session.run(check, arg as A).catch(() => false)) return
    if (Date.now() > deadline) {
      // What the page showed instead, for the one reading a failed run's log.
      const shown = await session
        .run(() => `${location.href}\n${document.body?.innerText ?? ''}`)
        .catch((error: unknown) => `(the page could not be read: ${String(error)})`)
      throw new Error(`${session.name}: timed out waiting for ${what}; the page showed:\n${shown}`)
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS))
  }
}

/** Waits until the page shows `text` (in its rendered text). */
export async function waitForText(session: EngineSession, text: string, timeoutMs = 15_000) {
  await waitUntil(
    session,
    `"${text}"`,
    (wanted: string) => !!document.body && document.body.innerText.includes(wanted),
    timeoutMs,
    text,
  )
}

/** The page's rendered text. */
export function pageText(session: EngineSession): Promise<string> {
  return session.run(() => document.body.innerText)
}

/** Types `text` into the writer's text area as an input event, the way React hears typing. */
export async function typeThought(session: EngineSession, text: string): Promise<void> {
  await waitUntil(session, 'the text area', () => !!document.querySelector('#thought'))
  await session.run((value: string) => {
    const area = document.querySelector<HTMLTextAreaElement>('#thought')
    if (!area) throw new Error('no #thought')
    area.focus()
    const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set
    setter?.call(area, value)
    area.dispatchEvent(new Event('input', { bubbles: true }))
  }, text)
}

/**
 * Fills the field whose label reads exactly `label` (inside an open dialog when `inDialog` is true)
 * as an input event, the way React hears typing.
 */
export async function fillField(
  session: EngineSession,
  label: string,
  value: string,
  inDialog = false,
): Promise<void> {
  const fill = (wanted: string, text: string, dialogOnly: boolean) => {
    const root: ParentNode = dialogOnly
      ? (document.querySelector('[role="dialog"], [role="alertdialog"], dialog[open]') ??
        document.createElement('div'))
      : document
    const labelled = Array.from(root.querySelectorAll('label')).find(
      (el) => (el.textContent ?? '').trim() === wanted,
    )
    const field = labelled?.control
    if (!(field instanceof HTMLInputElement)) return false
    field.focus()
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(field, text)
    field.dispatchEvent(new Event('input', { bubbles: true }))
    return true
  }
  const deadline = Date.now() + 15_000
  while (!(await session.run(fill, label, value, inDialog).catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`${session.name}: no field labelled "${label}"`)
    await new Promise((resolve) => setTimeout(resolve, POLL_MS))
  }
}

/**
 * Clicks the first visible button or link whose text starts with `label`; inside an open dialog when
 * `inDialog` is true.
 */
export async function click(
  session: EngineSession,
  label: string,
  inDialog = false,
): Promise<void> {
  const find = (wanted: string, dialogOnly: boolean) => {
    const root: ParentNode = dialogOnly
      ? (document.querySelector('[role="dialog"], [role="alertdialog"], dialog[open]') ??
        document.createElement('div'))
      : document
    const candidates = Array.from(root.querySelectorAll<HTMLElement>('button, a[href]'))
    const target = candidates.find((el) => {
      const text = (el.innerText || el.textContent || '').trim()
      // Shown: laid out and not hidden (a `visibility: hidden` element keeps its boxes).
      return (
        text.startsWith(wanted) &&
        el.getClientRects().length > 0 &&
        getComputedStyle(el).visibility === 'visible'
      )
    })
    if (!target) return false
    target.click()
    return true
  }
  const deadline = Date.now() + 15_000
  while (!(await session.run(find, label, inDialog).catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`${session.name}: no button or link "${label}"`)
    await new Promise((resolve) => setTimeout(resolve, POLL_MS))
  }
}

/** Waits until a service worker controls the page; on timeout, says what the registration was doing. */
export async function waitForServiceWorker(
  session: EngineSession,
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const state = await session
      .run(async () => {
        const registration = await navigator.serviceWorker.getRegistration()
        return {
          controlled: !!navigator.serviceWorker.controller,
          installing: registration?.installing?.state ?? null,
          waiting: registration?.waiting?.state ?? null,
          active: registration?.active?.state ?? null,
        }
      })
      .catch((error: unknown) => ({ error: String(error) }))
    if ('controlled' in state && state.controlled) return
    if (Date.now() > deadline) {
      const seen = JSON.stringify(state)
      throw new Error(`${session.name}: no service worker controls the page; last seen ${seen}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

/** The first level-one heading's text. */
export function titleOf(session: EngineSession): Promise<string> {
  return session.run(() => document.querySelector('h1')?.textContent?.trim() ?? '')
}

/** Opens each `[path, title]` in turn and waits until the page's level-one heading is `title`. */
export async function openEach(
  session: EngineSession,
  appUrl: string,
  pages: ReadonlyArray<readonly [path: string, title: string]>,
): Promise<void> {
  for (const [path, title] of pages) {
    await session.goto(`${appUrl}${path}`)
    await waitUntil(
      session,
      `the ${title} heading`,
      (wanted: string) => document.querySelector('h1')?.textContent?.trim() === wanted,
      15_000,
      title,
    )
  }
}
