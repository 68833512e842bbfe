/**
 * The thoughts this device has reported, so their cards stay hidden here at once and after a reload,
 * whatever the wall still shows (the database hides a thought for everyone only once enough people
 * report it). A list of ids in localStorage under its own key; anything else found there (foreign or
 * corrupt content) is ignored, never trusted, and a full or refused storage only loses the memory.
 */

/** localStorage key of the reported ids. */
export const REPORTED_THOUGHTS_KEY = 'unburden-reported-thoughts'

/** The most ids kept: the oldest are forgotten first (their thoughts are long gone from the top). */
export const REPORTED_THOUGHTS_MAX = 1000

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>

function defaultStorage(): KeyValueStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage
  } catch {
    return null
  }
}

const isThoughtId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0

/** The reported ids, oldest first: only positive integers, each once; [] for anything else. */
export function readReportedThoughts(storage: KeyValueStorage | null = defaultStorage()): number[] {
  try {
    const value: unknown = JSON.parse(storage?.getItem(REPORTED_THOUGHTS_KEY) ?? '[]')
    return Array.isArray(value) ? [...new Set(value.filter(isThoughtId))] : []
  } catch {
    return []
  }
}

let reported: ReadonlySet<number> | undefined
const listeners = new Set<() => void>()

/** The ids reported on this device, read once, then kept in step with `rememberReported`. */
export function reportedThoughts(): ReadonlySet<number> {
  reported ??= new Set(readReportedThoughts())
  return reported
}

/** Calls `listener` whenever an id is added; returns the unsubscribe. */
export function onReportedThoughtsChange(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Remembers `thoughtId` as reported here (for this page at once, and in storage when it can). */
export function rememberReported(
  thoughtId: number,
  storage: KeyValueStorage | null = defaultStorage(),
): void {
  if (!isThoughtId(thoughtId) || reportedThoughts().has(thoughtId)) return
  reported = new Set([...reportedThoughts(), thoughtId])
  try {
    const kept = [...readReportedThoughts(storage).filter((id) => id !== thoughtId), thoughtId]
    storage?.setItem(REPORTED_THOUGHTS_KEY, JSON.stringify(kept.slice(-REPORTED_THOUGHTS_MAX)))
  } catch {
    // Storage full or refused: the card is still hidden for this visit.
  }
  for (const listener of listeners) listener()
}
