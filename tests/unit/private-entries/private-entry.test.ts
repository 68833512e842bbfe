import { describe, expect, it } from 'vitest'
import {
  applyEntriesChange,
  createEntry,
  entriesCopyFileName,
  entriesCountLabel,
  entriesToMerge,
  formatEntryDate,
  makeEntriesCopy,
  newestFirst,
  parseStoredEntries,
  readEntriesCopy,
  serializeEntries,
  type PrivateEntry,
} from '../../../src/private-entries/private-entry'
import { privateEntry as entry } from '../../fixtures/entries'

const NOW = Date.parse('2025-01-05T10:30:00.000Z')

describe('createEntry', () => {
  it('keeps the text untrimmed, uses the creation time as id and an ISO date', () => {
    expect(createEntry('  hello \n', NOW)).toEqual({
      id: NOW,
      text: '  hello \n',
      date: '2025-01-05T10:30:00.000Z',
    })
  })

  it('never reuses an id already in the list', () => {
    expect(createEntry('again', NOW, [entry(NOW), entry(NOW + 1)]).id).toBe(NOW + 2)
  })
})

describe('parseStoredEntries', () => {
  it('reads nothing stored as an empty, clean list', () => {
    expect(parseStoredEntries(null)).toEqual({ entries: [], condition: 'clean' })
  })

  it('reads the original format exactly, in its order', () => {
    const stored = [entry(2), entry(1)]
    expect(parseStoredEntries(JSON.stringify(stored))).toEqual({
      entries: stored,
      condition: 'clean',
    })
    expect(parseStoredEntries('[]')).toEqual({ entries: [], condition: 'clean' })
  })

  it('calls corrupt JSON and foreign shapes unreadable, with no entries', () => {
    for (const raw of ['{not json', '', 'null', '42', '"text"', '{"entries":[]}', 'true']) {
      expect(parseStoredEntries(raw), raw).toEqual({ entries: [], condition: 'unreadable' })
    }
  })

  it('skips items without text and reports the list as repaired', () => {
    const raw = JSON.stringify([entry(1), null, 7, 'loose', { id: 2, date: entry(2).date }, []])
    expect(parseStoredEntries(raw)).toEqual({ entries: [entry(1)], condition: 'repaired' })
  })

  it('repairs a missing id from the date, and a missing date from the id', () => {
    const date = '2024-06-01T08:00:00.000Z'
    const raw = JSON.stringify([
      { text: 'no id', date },
      { id: NOW, text: 'no date' },
      { id: NOW + 5, text: 'bad date', date: 'yesterday' },
      { id: String(NOW + 9), text: 'id as string', date },
    ])
    const { entries, condition } = parseStoredEntries(raw)
    expect(condition).toBe('repaired')
    expect(entries).toEqual([
      { id: Date.parse(date), text: 'no id', date },
      { id: NOW, text: 'no date', date: new Date(NOW).toISOString() },
      { id: NOW + 5, text: 'bad date', date: new Date(NOW + 5).toISOString() },
      { id: NOW + 9, text: 'id as string', date },
    ])
  })

  it('keeps the words of an entry with neither id nor date, dated when it was read', () => {
    const { entries } = parseStoredEntries(JSON.stringify([{ text: 'only words' }]), NOW)
    expect(entries).toEqual([{ id: NOW, text: 'only words', date: new Date(NOW).toISOString() }])
  })

  it('gives duplicate ids the next free id, keeping both entries', () => {
    const { entries, condition } = parseStoredEntries(
      JSON.stringify([entry(5, 'first'), entry(5, 'second')]),
    )
    expect(condition).toBe('repaired')
    expect(entries.map((e) => [e.id, e.text])).toEqual([
      [5, 'first'],
      [6, 'second'],
    ])
  })

  it('reports extra fields as a repair, since writing back would drop them', () => {
    const raw = JSON.stringify([{ ...entry(1), mood: 'calm' }])
    expect(parseStoredEntries(raw)).toEqual({ entries: [entry(1)], condition: 'repaired' })
  })
})

describe('serializeEntries', () => {
  it('writes the plain list [{id, text, date}] and nothing else', () => {
    const withExtra = { ...entry(1), extra: true } as PrivateEntry
    expect(JSON.parse(serializeEntries([withExtra]))).toEqual([entry(1)])
  })
})

describe('applyEntriesChange', () => {
  it('adds in id order and removes by id', () => {
    const list = [entry(1), entry(3)]
    expect(applyEntriesChange(list, { kind: 'add', entry: entry(2) }).map((e) => e.id)).toEqual([
      1, 2, 3,
    ])
    expect(applyEntriesChange(list, { kind: 'add', entry: entry(4) }).map((e) => e.id)).toEqual([
      1, 3, 4,
    ])
    expect(applyEntriesChange(list, { kind: 'remove', id: 1 })).toEqual([entry(3)])
    expect(list).toEqual([entry(1), entry(3)])
  })

  it('does not add a returning entry twice, but keeps a different text under a new id', () => {
    const list = [entry(1)]
    expect(applyEntriesChange(list, { kind: 'add', entry: entry(1) })).toEqual([entry(1)])
    const other = applyEntriesChange(list, { kind: 'add', entry: entry(1, 'other words') })
    expect(other.map((e) => [e.id, e.text])).toEqual([
      [1, 'thought 1'],
      [2, 'other words'],
    ])
    expect(other[1]?.date).toBe(entry(1).date)
  })
})

describe('showing entries', () => {
  it('orders newest first', () => {
    expect(newestFirst([entry(1), entry(3), entry(2)]).map((e) => e.id)).toEqual([3, 2, 1])
  })

  it('counts entries in the words of the specification', () => {
    expect(entriesCountLabel(1)).toBe('1 entry • Safe in your browser')
    expect(entriesCountLabel(2)).toBe('2 entries • Safe in your browser')
    expect(entriesCountLabel(0)).toBe('0 entries • Safe in your browser')
  })

  it('formats dates in en-US with short month, day, year, hour and minute', () => {
    const local = new Date(2025, 0, 5, 10, 30).toISOString()
    expect(formatEntryDate(local)).toBe('Jan 5, 2025, 10:30 AM')
  })
})

describe('copies of the private entries', () => {
  it('round-trips through a downloaded copy', () => {
    const entries = [entry(1, '  untrimmed\n'), entry(2)]
    const copy = makeEntriesCopy(entries, NOW)
    expect(JSON.parse(copy)).toMatchObject({ format: 'unburden-private-entries', version: 1 })
    expect(readEntriesCopy(copy)).toEqual({ ok: true, entries })
    expect(entriesCopyFileName(NOW)).toBe('unburden-private-entries-2025-01-05.json')
  })

  it('also reads the plain stored list', () => {
    expect(readEntriesCopy(JSON.stringify([entry(1)]))).toEqual({ ok: true, entries: [entry(1)] })
  })

  it('refuses a foreign or broken file as a whole', () => {
    for (const raw of ['not json', '{"hello":1}', '[{"name":"x"}]', '42']) {
      const result = readEntriesCopy(raw)
      expect(result.ok, raw).toBe(false)
      if (!result.ok) expect(result.reason).toMatch(/not a copy of your private entries/)
    }
    const damaged = JSON.stringify({
      format: 'unburden-private-entries',
      version: 1,
      entries: [entry(1), { id: 'x', text: 3 }],
    })
    const result = readEntriesCopy(damaged)
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.reason).toMatch(/damaged/)
  })

  it('merges by id, with no duplicates', () => {
    expect(entriesToMerge([entry(1)], [entry(1), entry(2), entry(2), entry(3)])).toEqual([
      entry(2),
      entry(3),
    ])
  })
})
