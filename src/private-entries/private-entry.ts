/**
 * Private entries (Return to Yourself): their format, how stored data is read, and how a downloaded
 * copy is made and read back. The stored format is the specification's plain JSON list (docs/product.md) `[{id, text, date}]` under
 * `sanctuary-entries`, so data written by earlier versions keeps working (docs/product.md, decision 9). Reading
 * tolerates anything; whatever cannot be read exactly as stored is reported, so the caller keeps a copy
 * of the raw value before writing over it.
 */
import { formatDisplayDate } from '../lib/display-date'
import { translator } from '../i18n/i18n'
import { PRIVATE_ENTRIES_MESSAGES } from '../i18n/messages/private-entries-messages'

const t = translator(PRIVATE_ENTRIES_MESSAGES)

/** The localStorage key of the private entries: the specification's, so 'sanctuary' stays. */
export const ENTRIES_KEY = 'sanctuary-entries'

/** Prefix of the keys under which unreadable stored values are kept. */
export const BACKUP_PREFIX = 'sanctuary-entries-backup-'

/** A private entry, exactly as the specification stores it (docs/product.md). */
export interface PrivateEntry {
  /** Creation time in ms; unique within the list. */
  id: number
  /** The text, untrimmed. */
  text: string
  /** ISO timestamp. */
  date: string
}

/** One change to the list of private entries. */
export type EntriesChange = { kind: 'add'; entry: PrivateEntry } | { kind: 'remove'; id: number }

/** What reading a stored value found. */
export interface StoredEntries {
  entries: PrivateEntry[]
  /**
   * - `clean`: read exactly as stored (or nothing stored);
   * - `repaired`: a list, but some entries were fixed (missing id or date, duplicate id, extra fields)
   *   or skipped (no text);
   * - `unreadable`: not JSON, or not a list.
   */
  condition: 'clean' | 'repaired' | 'unreadable'
}

const ENTRY_FIELDS = new Set(['id', 'text', 'date'])
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const isValidTime = (ms: number) => Number.isFinite(ms) && Math.abs(ms) <= 8.64e15
const timeOf = (date: unknown) => (typeof date === 'string' ? Date.parse(date) : NaN)

/** The entry for `text` written at `now`, with an id no entry in `existing` has. */
export function createEntry(
  text: string,
  now: number,
  existing: readonly PrivateEntry[] = [],
): PrivateEntry {
  const taken = new Set(existing.map((entry) => entry.id))
  let id = now
  while (taken.has(id)) id++
  return { id, text, date: new Date(now).toISOString() }
}

function repairEntry(
  item: unknown,
  fallbackId: number,
): { entry: PrivateEntry | null; repaired: boolean } {
  if (!isRecord(item) || typeof item.text !== 'string') return { entry: null, repaired: true }
  let repaired = Object.keys(item).some((key) => !ENTRY_FIELDS.has(key))
  let id = NaN
  if (typeof item.id === 'number') id = item.id
  else if (typeof item.id === 'string' && /^\d+$/.test(item.id)) {
    id = Number(item.id)
    repaired = true
  }
  const dateMs = timeOf(item.date)
  let date = item.date as string
  if (!isValidTime(id)) {
    repaired = true
    id = isValidTime(dateMs) ? dateMs : fallbackId
  }
  if (!isValidTime(dateMs)) {
    repaired = true
    date = new Date(id).toISOString()
  }
  return { entry: { id, text: item.text, date }, repaired }
}

/** Reads the stored value of `sanctuary-entries`; never throws. `now` dates entries that have no date. */
export function parseStoredEntries(raw: string | null, now: number = Date.now()): StoredEntries {
  if (raw === null) return { entries: [], condition: 'clean' }
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch {
    return { entries: [], condition: 'unreadable' }
  }
  if (!Array.isArray(value)) return { entries: [], condition: 'unreadable' }
  const entries: PrivateEntry[] = []
  const ids = new Set<number>()
  let repairedAny = false
  value.forEach((item: unknown, index) => {
    const { entry, repaired } = repairEntry(item, now + index)
    repairedAny ||= repaired
    if (!entry) return
    while (ids.has(entry.id)) {
      entry.id++
      repairedAny = true
    }
    ids.add(entry.id)
    entries.push(entry)
  })
  return { entries, condition: repairedAny ? 'repaired' : 'clean' }
}

/** The stored form of `entries`: the specification's plain list, nothing else. */
export function serializeEntries(entries: readonly PrivateEntry[]): string {
  return JSON.stringify(entries.map(({ id, text, date }) => ({ id, text, date })))
}

/**
 * `entries` after `change`. Adding an entry whose id is there already changes nothing when the text
 * is the same (a returning entry); a different text gets the next free id. Entries stay in id order.
 */
export function applyEntriesChange(
  entries: readonly PrivateEntry[],
  change: EntriesChange,
): PrivateEntry[] {
  if (change.kind === 'remove') return entries.filter((entry) => entry.id !== change.id)
  const byId = new Map(entries.map((entry) => [entry.id, entry]))
  const id = placeOf(change.entry, (taken) => byId.get(taken))
  if (id === null) return [...entries]
  const next = [...entries]
  const at = next.findIndex((other) => other.id > id)
  next.splice(at === -1 ? next.length : at, 0, { ...change.entry, id })
  return next
}

/**
 * The one rule for adding an entry, for a list (`applyEntriesChange`) and for the vault's reading
 * (lock/envelope.ts): null when the same entry (id and text) is there already, else its id, or the
 * next free one after it when another entry holds it. `at` tells which entry holds an id.
 */
export function placeOf(
  entry: PrivateEntry,
  at: (id: number) => PrivateEntry | undefined,
): number | null {
  if (at(entry.id)?.text === entry.text) return null
  let id = entry.id
  while (at(id)) id++
  return id
}

/** `entries`, newest first. */
export function newestFirst(entries: readonly PrivateEntry[]): PrivateEntry[] {
  return [...entries].sort((a, b) => b.id - a.id)
}

/** The count line, e.g. "1 entry • Safe in your browser". */
export function entriesCountLabel(count: number): string {
  return t('privateEntries.count', { n: count })
}

/** An entry's date as every screen writes it, e.g. "Jan 5, 2025, 10:30 AM"; an unreadable one as stored. */
export function formatEntryDate(date: string): string {
  return formatDisplayDate(date) || date
}

/** What identifies a downloaded copy of the private entries. */
export const ENTRIES_COPY_FORMAT = 'unburden-private-entries'

/** A downloadable copy of `entries` (pretty JSON that names its format). */
export function makeEntriesCopy(entries: readonly PrivateEntry[], now: number): string {
  return `${JSON.stringify(
    {
      format: ENTRIES_COPY_FORMAT,
      version: 1,
      exportedAt: new Date(now).toISOString(),
      entries: entries.map(({ id, text, date }) => ({ id, text, date })),
    },
    null,
    2,
  )}\n`
}

/** The file name of a copy made at `now`, e.g. "unburden-private-entries-2025-01-05.json". */
export function entriesCopyFileName(now: number): string {
  return `${ENTRIES_COPY_FORMAT}-${new Date(now).toISOString().slice(0, 10)}.json`
}

/** Reading a copy either gives every entry in it, or a reason it cannot be used. */
export type EntriesCopy = { ok: true; entries: PrivateEntry[] } | { ok: false; reason: string }

const notACopy = () => t('copy.notACopy')
const damagedCopy = () => t('copy.damaged')

function isExactEntry(item: unknown): item is PrivateEntry {
  return (
    isRecord(item) &&
    typeof item.id === 'number' &&
    isValidTime(item.id) &&
    typeof item.text === 'string' &&
    isValidTime(timeOf(item.date))
  )
}

/**
 * Reads a copy made by "Download a copy" (or the specification's plain stored list). All or nothing: a foreign
 * or damaged file gives a reason and no entries.
 */
export function readEntriesCopy(raw: string): EntriesCopy {
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch {
    return { ok: false, reason: notACopy() }
  }
  let list: unknown
  if (Array.isArray(value)) list = value
  else if (isRecord(value) && value.format === ENTRIES_COPY_FORMAT) list = value.entries
  else return { ok: false, reason: notACopy() }
  if (!Array.isArray(list)) return { ok: false, reason: damagedCopy() }
  if (!list.every(isExactEntry)) {
    // A plain list of something else is a foreign file; our own format with bad items is damaged.
    return { ok: false, reason: Array.isArray(value) ? notACopy() : damagedCopy() }
  }
  return { ok: true, entries: list.map(({ id, text, date }) => ({ id, text, date })) }
}

/** The entries of `incoming` whose id is not in `current`, without duplicates among themselves. */
export function entriesToMerge(
  current: readonly PrivateEntry[],
  incoming: readonly PrivateEntry[],
): PrivateEntry[] {
  const ids = new Set(current.map((entry) => entry.id))
  return incoming.filter((entry) => !ids.has(entry.id) && (ids.add(entry.id), true))
}
