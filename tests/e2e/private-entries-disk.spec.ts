/**
 * The lock on the private entries, read from the disk (issue 35, "On the disk, measured"): what a
 * forensic reader of the browser profile's own files finds.
 *
 * Chromium runs on a real profile folder, closed and opened between a person's visits. Entries
 * holding a canary are saved through the writer, pausing before choosing as a person does; the lock
 * is turned on through Return to Yourself, after the entries (first test) or before them (second).
 * Then every file under the profile is read, and the canary and the passphrase searched for as UTF-8
 * (the same bytes as Latin-1 for their letters) and UTF-16LE: in the raw bytes, in LevelDB's log
 * records put back together across its 32 KB blocks, and in LevelDB's table blocks uncompressed
 * (Snappy). Nothing may be found; a failure names every file that held one, and how it was read.
 *
 * What the app can do, it does: the writer's field belongs to a form that says autocomplete off, so
 * Chromium keeps none of its words in its session files, and the lock's offer says that locking
 * before the first private save keeps every entry out of the disk's files. What it cannot do is make
 * Chromium drop the old values of localStorage from its LevelDB files (no amount of rewriting from
 * the page causes the compaction that would, measured in docs/privacy.md, "On the disk"): the first
 * test holds that to exactly those files, so the day Chromium drops them too, or anything else keeps
 * the words, it says so and the document changes with it.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, lstatSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, dirname, join, relative } from 'node:path'
import { chromium, expect, test, type Page } from '@playwright/test'
import { waitForServiceWorker } from './support/sw'

const CANARY = 'disk-canary-5e91b7'
const PASSPHRASE = 'a slow river at dusk'
// The second text is not Latin-1 (an em dash, a curly quote): Chromium then stores the whole list as
// UTF-16, so the disk sees the canary in both of localStorage's encodings.
const TEXTS = [
  `${CANARY} one: the thing I never told anyone`,
  `${CANARY} two — what I’m still carrying`,
  `${CANARY} three: and one more, to be sure`,
]

// ---- Reading the profile as a forensic tool would --------------------------------------------

// The passphrase too: found beside the vault, it would open it.
const NEEDLES = [CANARY, PASSPHRASE].flatMap((text) => [
  { text, encoding: 'UTF-8', bytes: Buffer.from(text, 'utf8') },
  { text, encoding: 'UTF-16LE', bytes: Buffer.from(text, 'utf16le') },
])

function readVarint(buf: Buffer, at: number): [value: number, next: number] {
  let value = 0
  let shift = 0
  for (let i = at; i < buf.length && shift < 50; i++) {
    const byte = buf[i]!
    value += (byte & 0x7f) * 2 ** shift
    if (byte < 0x80) return [value, i + 1]
    shift += 7
  }
  throw new Error('a varint runs off the end')
}

/** Snappy's raw format (what LevelDB compresses its table blocks with). */
function unsnappy(input: Buffer): Buffer {
  const [length, start] = readVarint(input, 0)
  const out = Buffer.alloc(length)
  let o = 0
  let i = start
  while (i < input.length) {
    const tag = input[i++]!
    let len: number
    let offset: number
    switch (tag & 3) {
      case 0: {
        len = (tag >> 2) + 1
        if (len > 60) {
          const extra = len - 60
          len = input.readUIntLE(i, extra) + 1
          i += extra
        }
        input.copy(out, o, i, i + len)
        i += len
        o += len
        continue
      }
      case 1:
        len = ((tag >> 2) & 7) + 4
        offset = ((tag >> 5) << 8) | input[i++]!
        break
      case 2:
        len = (tag >> 2) + 1
        offset = input.readUInt16LE(i)
        i += 2
        break
      default:
        len = (tag >> 2) + 1
        offset = input.readUInt32LE(i)
        i += 4
    }
    if (offset === 0 || offset > o) throw new Error('a Snappy copy points before the start')
    for (let k = 0; k < len; k++, o++) out[o] = out[o - offset]!
  }
  if (o !== length) throw new Error('a Snappy block is shorter than it says')
  return out
}

/** A table block's contents, uncompressed (its trailer: a type byte and a CRC). */
function tableBlock(file: Buffer, offset: number, size: number): Buffer {
  const data = file.subarray(offset, offset + size)
  const type = file[offset + size]
  if (type === 0) return data
  if (type === 1) return unsnappy(data)
  throw new Error(`a table block compressed with an unknown method (${type})`)
}

/** A block's entries (key, value), prefix-compressed keys put back together. */
function blockEntries(block: Buffer): Array<[Buffer, Buffer]> {
  const restarts = block.readUInt32LE(block.length - 4)
  const end = block.length - 4 - 4 * restarts
  const entries: Array<[Buffer, Buffer]> = []
  let key = Buffer.alloc(0)
  let at = 0
  while (at < end) {
    const [shared, a] = readVarint(block, at)
    const [unshared, b] = readVarint(block, a)
    const [valueLength, c] = readVarint(block, b)
    key = Buffer.concat([key.subarray(0, shared), block.subarray(c, c + unshared)])
    const value = block.subarray(c + unshared, c + unshared + valueLength)
    entries.push([key, value])
    at = c + unshared + valueLength
  }
  return entries
}

/** Every data block of a LevelDB table (.ldb, .sst), uncompressed. */
function tableContents(file: Buffer): Buffer[] {
  const footer = file.subarray(file.length - 48)
  if (footer.readBigUInt64LE(40) !== 0xdb4775248b80fb57n) throw new Error('not a LevelDB table')
  const [, a] = readVarint(footer, 0)
  const [, b] = readVarint(footer, a)
  const [indexOffset, c] = readVarint(footer, b)
  const [indexSize] = readVarint(footer, c)
  const index = tableBlock(file, indexOffset, indexSize)
  const blocks = [index]
  for (const [, handle] of blockEntries(index)) {
    const [offset, next] = readVarint(handle, 0)
    const [size] = readVarint(handle, next)
    blocks.push(tableBlock(file, offset, size))
  }
  return blocks
}

/** LevelDB's log (.log, MANIFEST-*): records put back together across its 32 KB blocks. */
function logRecords(file: Buffer): Buffer[] {
  const records: Buffer[] = []
  let parts: Buffer[] = []
  for (let block = 0; block < file.length; block += 32_768) {
    let at = block
    const end = Math.min(block + 32_768, file.length)
    while (at + 7 <= end) {
      const length = file.readUInt16LE(at + 4)
      const type = file[at + 6]!
      if (type === 0 && length === 0) break
      const data = file.subarray(at + 7, at + 7 + length)
      if (type === 1) records.push(data)
      else if (type === 2) parts = [data]
      else if (type === 3) parts.push(data)
      else if (type === 4) records.push(Buffer.concat([...parts, data]))
      at += 7 + length
    }
  }
  return records
}

function filesUnder(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name)
    const stat = lstatSync(path)
    if (stat.isDirectory()) return filesUnder(path)
    return stat.isFile() ? [path] : []
  })
}

/** Which files of `profile` hold the canary, and how each was read; files that could not be read. */
function scanProfile(profile: string): { found: string[]; unreadable: string[]; files: number } {
  const found: string[] = []
  const unreadable: string[] = []
  const files = filesUnder(profile)
  for (const path of files) {
    const name = relative(profile, path)
    const bytes = readFileSync(path)
    const views: Array<[how: string, data: Buffer]> = [['raw', bytes]]
    // A LevelDB folder has a CURRENT file naming its MANIFEST.
    const inLevelDb = readdirSync(dirname(path)).includes('CURRENT')
    try {
      if (inLevelDb && /\.log$|^MANIFEST-/.test(basename(path)))
        views.push(...logRecords(bytes).map((record): [string, Buffer] => ['log record', record]))
      if (inLevelDb && /\.(ldb|sst)$/.test(path))
        views.push(...tableContents(bytes).map((block): [string, Buffer] => ['table block', block]))
    } catch (error) {
      unreadable.push(`${name}: ${(error as Error).message}`)
    }
    const hows = new Set<string>()
    for (const [how, data] of views)
      for (const { text, encoding, bytes: needle } of NEEDLES)
        if (data.includes(needle)) hows.add(`"${text}" ${encoding}, ${how}`)
    if (hows.size > 0) found.push(`${name} (${[...hows].join('; ')})`)
  }
  return { found, unreadable, files: files.length }
}

// ---- The visitor's steps ----------------------------------------------------------------------

/** A person reads their words before choosing: Chromium keeps a field's text for restoring the tab
 *  once it has stood a few seconds (3 s was enough here, 2 s not always). */
const PAUSE_MS = 4_000

async function saveFromWriter(page: Page, text: string) {
  await page.goto('/')
  await page.getByRole('textbox', { name: 'Your thought' }).fill(text)
  await page.waitForTimeout(PAUSE_MS)
  await page.getByRole('button', { name: 'Ready' }).click()
  await page.getByRole('button', { name: 'Save it, privately' }).click()
  await expect(page.getByTestId('outcome')).toHaveText('Saved. This stays with you.')
}

async function lockMyEntries(page: Page) {
  await page.getByRole('button', { name: 'Lock my entries' }).click()
  const dialog = page.getByRole('dialog', { name: 'Lock my entries' })
  await dialog.getByLabel('Passphrase', { exact: true }).fill(PASSPHRASE)
  await dialog.getByLabel('The same passphrase again').fill(PASSPHRASE)
  await dialog.getByRole('button', { name: 'Lock my entries' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('heading', { name: 'Your entries are locked' })).toBeVisible()
}

/** A browser on its own profile folder, opened and closed once per visit, the way a person's is. */
function onProfile(
  profile: string,
  options: Parameters<typeof chromium.launchPersistentContext>[1],
) {
  return async (steps: (page: Page) => Promise<void>) => {
    const context = await chromium.launchPersistentContext(profile, options)
    try {
      await steps(context.pages()[0] ?? (await context.newPage()))
    } finally {
      // Closing flushes what Chromium still holds in memory to the profile's files.
      await context.close()
    }
  }
}

/** Where Chromium keeps localStorage: its LevelDB files keep old values until a compaction. */
const LOCAL_STORAGE_FILES = /^Default\/Local Storage\/leveldb\//

test('entries saved before the lock: after locking, only localStorage’s own LevelDB files still hold their text', async ({
  baseURL,
  headless,
  launchOptions,
}) => {
  test.setTimeout(180_000)
  const profile = mkdtempSync(join(tmpdir(), 'unburden-disk-'))
  const visit = onProfile(profile, { ...launchOptions, headless, baseURL })
  try {
    // Two visits, so both of localStorage's encodings reach the disk: the first list is Latin-1,
    // the second (with the em dash) UTF-16.
    await visit(async (page) => {
      await page.goto('/')
      await waitForServiceWorker(page)
      await saveFromWriter(page, TEXTS[0]!)
    })
    await visit(async (page) => {
      for (const text of TEXTS.slice(1)) await saveFromWriter(page, text)
    })
    // The scan finds the canary while it is plainly stored, so its silence later means something.
    const before = scanProfile(profile)
    expect(before.found.length, 'the canary on the disk before locking').toBeGreaterThan(0)

    await visit(async (page) => {
      await page.goto('/return')
      for (const text of TEXTS) await expect(page.getByText(text)).toBeVisible()
      await lockMyEntries(page)
      expect(await page.evaluate(() => localStorage.getItem('sanctuary-entries'))).toBeNull()
    })
    await visit(async (page) => {
      await page.goto('/return')
      await expect(page.getByRole('heading', { name: 'Your entries are locked' })).toBeVisible()
    })

    const after = scanProfile(profile)
    const notes = test.info().annotations
    notes.push({ type: 'before locking', description: before.found.join('\n') })
    notes.push({ type: 'after locking', description: after.found.join('\n') || 'nothing' })
    expect(after.unreadable, 'files the scan could not read as LevelDB').toEqual([])
    // The session files held the writer's words before its field said autocomplete off.
    expect(
      after.found.filter((file) => !LOCAL_STORAGE_FILES.test(file)),
      `files of the profile (${after.files} read) other than localStorage's holding an entry's text or the passphrase after locking`,
    ).toEqual([])
    expect(after.found.join('\n'), 'the passphrase, anywhere').not.toContain(PASSPHRASE)
  } finally {
    rmSync(profile, { recursive: true, force: true })
  }
})

test('the lock on before the first save: no file of the profile ever holds an entry’s text', async ({
  baseURL,
  headless,
  launchOptions,
}) => {
  test.setTimeout(180_000)
  const profile = mkdtempSync(join(tmpdir(), 'unburden-disk-'))
  const visit = onProfile(profile, { ...launchOptions, headless, baseURL })
  try {
    await visit(async (page) => {
      await page.goto('/return')
      await waitForServiceWorker(page)
      // Nothing saved yet: the lock's offer says what locking now keeps off the disk.
      await expect(page.getByText('before your first private thought')).toBeVisible()
      await lockMyEntries(page)
    })
    await visit(async (page) => {
      for (const text of TEXTS) await saveFromWriter(page, text)
    })
    // The entries were kept: the passphrase shows them (and unlocking writes nothing readable).
    await visit(async (page) => {
      await page.goto('/return')
      await page.getByLabel('Passphrase').fill(PASSPHRASE)
      await page.getByRole('button', { name: 'Unlock' }).click()
      for (const text of TEXTS) await expect(page.getByText(text)).toBeVisible()
    })

    const after = scanProfile(profile)
    test.info().annotations.push({
      type: 'found',
      description: after.found.join('\n') || 'nothing',
    })
    expect(after.unreadable, 'files the scan could not read as LevelDB').toEqual([])
    expect(
      after.found,
      `files of the profile (${after.files} read) holding an entry's text or the passphrase`,
    ).toEqual([])
  } finally {
    rmSync(profile, { recursive: true, force: true })
  }
})
