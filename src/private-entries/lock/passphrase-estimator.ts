/**
 * The page's side of the passphrase estimator: one worker (passphrase-strength.worker.ts) per
 * estimator, which Return to Yourself makes once and hands to its fields for a new passphrase
 * (./../ui/estimator-context.ts); started when the first such field is shown and ended when the last goes, so its lists (tens of
 * megabytes once built) are held only while they are needed. Nothing of the estimator is on the
 * first paint: the worker and its dictionaries are chunks of their own, precached for offline use.
 */
import { currentLanguage } from '../../i18n/i18n'
import type { PassphraseEstimate } from './passphrase-strength'
import type { EstimateAnswer, EstimateRequest } from './passphrase-strength.worker'

/** The longest wait for an answer: the first builds the lists, a few seconds on a slow phone. */
const ANSWER_TIMEOUT_MS = 20_000

interface Pending {
  resolve: (estimate: PassphraseEstimate) => void
  reject: (error: Error) => void
  timer: ReturnType<typeof setTimeout>
}

/** One worker shared by every field that needs it. */
export interface PassphraseEstimator {
  /**
   * Starts the estimator ahead of the first question (its lists load while the dialog is read); the
   * function answered ends it once no field needs it any more.
   */
  open(): () => void
  /** Estimates `passphrase` with the lists of the app's language; rejects when it cannot. */
  estimate(passphrase: string): Promise<PassphraseEstimate>
}

export function createPassphraseEstimator(): PassphraseEstimator {
  let worker: Worker | null = null
  let users = 0
  let nextId = 0
  const pending = new Map<number, Pending>()

  function failAll(error: Error) {
    for (const { reject, timer } of pending.values()) {
      clearTimeout(timer)
      reject(error)
    }
    pending.clear()
  }

  function stop() {
    worker?.terminate()
    worker = null
    failAll(new Error('The passphrase estimator was stopped'))
  }

  function started(): Worker {
    if (worker) return worker
    const started = new Worker(new URL('./passphrase-strength.worker.ts', import.meta.url), {
      type: 'module',
      name: 'passphrase-strength',
    })
    started.onmessage = ({ data }: MessageEvent<EstimateAnswer>) => {
      const waiting = pending.get(data.id)
      if (!waiting) return
      pending.delete(data.id)
      clearTimeout(waiting.timer)
      if ('estimate' in data) waiting.resolve(data.estimate)
      else waiting.reject(new Error('The passphrase could not be estimated'))
    }
    // A worker that cannot start (its chunk failed to load): every question fails; the next starts
    // anew.
    started.onerror = (event) => {
      event.preventDefault()
      if (worker === started) worker = null
      started.terminate()
      failAll(new Error('The passphrase estimator did not start'))
    }
    worker = started
    return started
  }

  return {
    open() {
      users++
      try {
        started()
      } catch {
        // No worker here: the first question will say so.
      }
      let open = true
      return () => {
        if (!open) return
        open = false
        users--
        if (users === 0) stop()
      }
    },
    estimate(passphrase) {
      return new Promise((resolve, reject) => {
        const id = nextId++
        const timer = setTimeout(() => {
          pending.delete(id)
          reject(new Error('The passphrase estimator did not answer'))
        }, ANSWER_TIMEOUT_MS)
        pending.set(id, { resolve, reject, timer })
        try {
          const request: EstimateRequest = { id, passphrase, language: currentLanguage() }
          started().postMessage(request)
        } catch (error) {
          pending.delete(id)
          clearTimeout(timer)
          reject(error instanceof Error ? error : new Error(String(error)))
        }
      })
    },
  }
}
