/**
 * The lock on the private entries (docs/product.md, decision 20), as a visitor meets it on Return
 * to Yourself: turning it on, saving while locked, unlocking, every tab following, locking again
 * when hidden, damaged data, removing the lock — and a scan of every store in the origin for a
 * canary's text.
 */
import { readFileSync } from 'node:fs'
import { expect, test, type Page } from '@playwright/test'
import { resetBackend } from './support/backend'
import { waitForServiceWorker } from './support/sw'
import { setHidden } from './support/visibility'

const KEY = 'sanctuary-entries'
const VAULT = 'sanctuary-vault'
const PASSPHRASE = 'a slow river at dusk'
// A copy's passphrase must hold too ("copy passphrase" is guessed in minutes, and refused).
const COPY_PASSPHRASE = 'willow ledger copper harbour'
const CANARY = 'canary-7f3a: the thing I never told anyone'
const FORGOTTEN =
  'A forgotten passphrase cannot be recovered, and neither can the entries it locks.'

const entry = (id: number, text: string) => ({ id, text, date: new Date(id).toISOString() })
const FIRST = entry(Date.UTC(2025, 0, 5, 10, 30), CANARY)

test.beforeEach(async () => {
  await resetBackend()
})

async function openWith(page: Page, items: unknown[], extra: Record<string, string> = {}) {
  await page.goto('/void')
  await page.evaluate(
    ({ key, value, extra }) => {
      localStorage.clear()
      localStorage.setItem(key, value)
      for (const [k, v] of Object.entries(extra)) localStorage.setItem(k, v)
    },
    { key: KEY, value: JSON.stringify(items), extra },
  )
  await page.goto('/return')
}

/** Every place the origin keeps data: localStorage, sessionStorage, IndexedDB, Cache Storage. */
function scanFor(page: Page, needle: string): Promise<string[]> {
  return page.evaluate(async (needle) => {
    const found: string[] = []
    const scanStorage = (name: string, store: Storage) => {
      for (let i = 0; i < store.length; i++) {
        const key = store.key(i) ?? ''
        if (`${key}\n${store.getItem(key)}`.includes(needle)) found.push(`${name}:${key}`)
      }
    }
    scanStorage('localStorage', localStorage)
    scanStorage('sessionStorage', sessionStorage)
    const read = (request: IDBRequest) =>
      new Promise<unknown>((resolve, reject) => {
        request.onsuccess = () => resolve(request.result)
        request.onerror = () => reject(request.error)
      })
    for (const { name } of await indexedDB.databases()) {
      if (!name) continue
      const db = (await read(indexedDB.open(name))) as IDBDatabase
      for (const storeName of Array.from(db.objectStoreNames)) {
        const store = db.transaction(storeName).objectStore(storeName)
        const values = await read(store.getAll())
        const keys = await read(store.getAllKeys())
        if (JSON.stringify([keys, values]).includes(needle))
          found.push(`indexedDB:${name}/${storeName}`)
      }
      db.close()
    }
    for (const cacheName of await caches.keys()) {
      const cache = await caches.open(cacheName)
      for (const request of await cache.keys()) {
        const response = await cache.match(request)
        if (`${request.url}\n${await response?.text()}`.includes(needle))
          found.push(`cache:${cacheName}:${request.url}`)
      }
    }
    return found
  }, needle)
}

async function lockMyEntries(page: Page, passphrase = PASSPHRASE) {
  await page.getByRole('button', { name: 'Lock my entries' }).click()
  const dialog = page.getByRole('dialog', { name: 'Lock my entries' })
  await dialog.getByLabel('Passphrase', { exact: true }).fill(passphrase)
  await dialog.getByLabel('The same passphrase again').fill(passphrase)
  await dialog.getByRole('button', { name: 'Lock my entries' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('heading', { name: 'Your entries are locked' })).toBeVisible()
}

async function unlockWith(page: Page, passphrase = PASSPHRASE) {
  await page.getByLabel('Passphrase').fill(passphrase)
  await page.getByRole('button', { name: 'Unlock' }).click()
}

const stored = (page: Page, key: string) => page.evaluate((key) => localStorage.getItem(key), key)

test('the lock is off by default: the spec’s plain list, and no vault', async ({ page }) => {
  await page.goto('/')
  await page.getByRole('textbox', { name: 'Your thought' }).fill('plain as ever')
  await page.getByRole('button', { name: 'Ready' }).click()
  await page.getByRole('button', { name: 'Save it, privately' }).click()
  await expect(page.getByTestId('outcome')).toHaveText('Saved. This stays with you.')
  const list = JSON.parse((await stored(page, KEY)) ?? 'null') as { text: string }[]
  expect(list.map((item) => item.text)).toEqual(['plain as ever'])
  expect(Object.keys(list[0]!).sort()).toEqual(['date', 'id', 'text'])
  expect(await stored(page, VAULT)).toBeNull()
})

test('locking asks twice, says a lost passphrase is lost, offers a copy, and leaves nothing readable', async ({
  page,
}) => {
  const backup = 'sanctuary-entries-backup-1700000000000'
  await openWith(page, [FIRST], { [backup]: `{"broken": "${CANARY}` })
  await expect(page.getByText(CANARY)).toBeVisible()
  // The scan finds the canary where it is readable, so its silence later means something.
  expect(await scanFor(page, CANARY)).toEqual(
    expect.arrayContaining([`localStorage:${KEY}`, `localStorage:${backup}`]),
  )

  await page.getByRole('button', { name: 'Lock my entries' }).click()
  const dialog = page.getByRole('dialog', { name: 'Lock my entries' })
  await expect(dialog).toContainText(FORGOTTEN)
  await expect(dialog.getByLabel('Passphrase', { exact: true })).toBeFocused()
  const download = page.waitForEvent('download')
  await dialog.getByRole('button', { name: 'Download a copy first' }).click()
  expect((await download).suggestedFilename()).toMatch(/^unburden-private-entries-.*\.json$/)
  await dialog.getByLabel('Passphrase', { exact: true }).fill('short')
  await dialog.getByLabel('The same passphrase again').fill('short')
  await dialog.getByRole('button', { name: 'Lock my entries' }).click()
  await expect(dialog.getByRole('alert')).toHaveText(
    'Choose a passphrase of at least 8 characters.',
  )
  await dialog.getByLabel('Passphrase', { exact: true }).fill(PASSPHRASE)
  await dialog.getByLabel('The same passphrase again').fill(`${PASSPHRASE}!`)
  await dialog.getByRole('button', { name: 'Lock my entries' }).click()
  await expect(dialog.getByRole('alert')).toHaveText('The two passphrases are not the same.')
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  expect(await stored(page, VAULT)).toBeNull()

  await lockMyEntries(page)
  await expect(page.getByText(CANARY)).toHaveCount(0)
  expect(await scanFor(page, CANARY)).toEqual([])
  expect(await stored(page, KEY)).toBeNull()
  expect(await stored(page, backup)).toBeNull()
  const vault = JSON.parse((await stored(page, VAULT)) ?? '{}') as { kdf: unknown }
  expect(vault.kdf).toMatchObject({ name: 'PBKDF2', hash: 'SHA-256', iterations: 600_000 })

  // After a reload too.
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Your entries are locked' })).toBeVisible()
  expect(await scanFor(page, CANARY)).toEqual([])

  // Removing the lock gives back the plain list and what was kept aside, exactly.
  await unlockWith(page)
  await expect(page.getByText(CANARY)).toBeVisible()
  await page.getByRole('button', { name: 'Remove the lock' }).click()
  const remove = page.getByRole('dialog', { name: 'Remove the lock' })
  await remove.getByLabel('Passphrase').fill('not the passphrase')
  await remove.getByRole('button', { name: 'Remove the lock' }).click()
  await expect(remove.getByRole('alert')).toContainText(
    'That passphrase does not open your entries',
  )
  await remove.getByLabel('Passphrase').fill(PASSPHRASE)
  await remove.getByRole('button', { name: 'Remove the lock' }).click()
  await expect(remove).toBeHidden()
  await expect(page.getByRole('button', { name: 'Lock my entries' })).toBeVisible()
  expect(JSON.parse((await stored(page, KEY)) ?? 'null')).toEqual([FIRST])
  expect(await stored(page, backup)).toBe(`{"broken": "${CANARY}`)
  expect(await stored(page, VAULT)).toBeNull()
})

test('saving privately while locked asks for nothing; only the passphrase reads it', async ({
  page,
}) => {
  await openWith(page, [FIRST])
  await lockMyEntries(page)
  const later = 'written while the entries were locked'
  await page.goto('/')
  await page.getByRole('textbox', { name: 'Your thought' }).fill(later)
  await page.getByRole('button', { name: 'Ready' }).click()
  await page.getByRole('button', { name: 'Save it, privately' }).click()
  await expect(page.getByTestId('outcome')).toHaveText('Saved. This stays with you.')
  await expect(page.getByLabel('Passphrase')).toHaveCount(0)
  expect(await scanFor(page, later)).toEqual([])

  await page.goto('/return')
  await expect(page.getByRole('heading', { name: 'Your entries are locked' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Publish to Void' })).toHaveCount(0)
  await unlockWith(page, 'a slow river at dawn')
  await expect(page.getByRole('alert').filter({ hasText: 'does not open' })).toHaveText(
    'That passphrase does not open your entries. Take your time and try again.',
  )
  await unlockWith(page)
  await expect(page.getByText('2 entries • Safe in your browser')).toBeVisible()
  await expect(page.locator('.private-entries__entry').nth(0)).toContainText(later)
  await expect(page.locator('.private-entries__entry').nth(1)).toContainText(CANARY)
  // Unlocked, publishing is there again; the folded-in entry is still unreadable in storage.
  await expect(page.getByRole('button', { name: 'Publish to Void' })).toHaveCount(2)
  expect(await scanFor(page, later)).toEqual([])
  await page.getByRole('button', { name: 'Lock now' }).click()
  await expect(page.getByRole('heading', { name: 'Your entries are locked' })).toBeVisible()
  await expect(page.getByText(later)).toHaveCount(0)
})

test('every tab follows another’s unlock and lock', async ({ page, context }) => {
  await openWith(page, [FIRST])
  await lockMyEntries(page)
  const other = await context.newPage()
  await other.goto('/return')
  await expect(other.getByRole('heading', { name: 'Your entries are locked' })).toBeVisible()
  await unlockWith(page)
  await expect(page.getByText(CANARY)).toBeVisible()
  await expect(other.getByText(CANARY)).toBeVisible()
  // A tab opened while the entries are open opens them too.
  const third = await context.newPage()
  await third.goto('/return')
  await expect(third.getByText(CANARY)).toBeVisible()
  await other.getByRole('button', { name: 'Lock now' }).click()
  for (const tab of [page, other, third])
    await expect(tab.getByRole('heading', { name: 'Your entries are locked' })).toBeVisible()
  await expect(page.getByText(CANARY)).toHaveCount(0)
})

test('locks again after a few minutes hidden (a setting)', async ({ page }) => {
  await page.clock.install()
  await openWith(page, [FIRST])
  await lockMyEntries(page)
  await unlockWith(page)
  await expect(page.getByText(CANARY)).toBeVisible()
  await page.getByLabel('Lock again after the app is hidden for').selectOption('1')
  await setHidden(page, true)
  await page.clock.fastForward('00:30')
  await setHidden(page, false)
  await expect(page.getByText(CANARY)).toBeVisible()
  await setHidden(page, true)
  await page.clock.fastForward('01:01')
  await setHidden(page, false)
  await expect(page.getByRole('heading', { name: 'Your entries are locked' })).toBeVisible()
  await expect(page.getByText(CANARY)).toHaveCount(0)
})

test('a tab hidden long enough locks only itself while another tab is in use', async ({
  page,
  context,
}) => {
  await page.clock.install()
  await openWith(page, [FIRST])
  await lockMyEntries(page)
  await unlockWith(page)
  await page.getByLabel('Lock again after the app is hidden for').selectOption('1')
  const reading = await context.newPage()
  await reading.goto('/return')
  await expect(reading.getByText(CANARY)).toBeVisible()

  await setHidden(page, true)
  await page.clock.fastForward('01:01')
  await expect(page.getByRole('heading', { name: 'Your entries are locked' })).toBeVisible()
  // The tab in use has answered, and stays open well past the wait for an answer.
  await page.clock.fastForward('00:02')
  await expect(reading.getByText(CANARY)).toBeVisible()
  await expect(reading.getByRole('heading', { name: 'Your entries are locked' })).toHaveCount(0)
})

test('offline, the locked entries open with the passphrase and take a new entry', async ({
  page,
  context,
}) => {
  await openWith(page, [FIRST])
  await waitForServiceWorker(page)
  await lockMyEntries(page)
  await context.setOffline(true)
  try {
    await page.reload()
    await expect(page.getByRole('heading', { name: 'Your entries are locked' })).toBeVisible()
    const offline = 'written on a train with no signal'
    await page.goto('/')
    await page.getByRole('textbox', { name: 'Your thought' }).fill(offline)
    await page.getByRole('button', { name: 'Ready' }).click()
    await page.getByRole('button', { name: 'Save it, privately' }).click()
    await expect(page.getByTestId('outcome')).toHaveText('Saved. This stays with you.')
    expect(await scanFor(page, offline)).toEqual([])
    await page.goto('/return')
    await unlockWith(page)
    await expect(page.getByText('2 entries • Safe in your browser')).toBeVisible()
    await expect(page.locator('.private-entries__entry').nth(0)).toContainText(offline)
    await expect(page.locator('.private-entries__entry').nth(1)).toContainText(CANARY)
  } finally {
    await context.setOffline(false)
  }
})

test('damaged locked data says it cannot be read and is written over by nothing', async ({
  page,
}) => {
  await openWith(page, [FIRST])
  await lockMyEntries(page)
  const damaged = await page.evaluate((key) => {
    // The private key's wrap: without it nothing sealed can be read (one damaged entry loses only
    // itself: tests/e2e/private-entries-lock-device.spec.ts).
    const vault = JSON.parse(localStorage.getItem(key)!) as { privateKey: { ciphertext: string } }
    const bytes = atob(vault.privateKey.ciphertext)
    vault.privateKey.ciphertext = btoa(
      String.fromCharCode(bytes.charCodeAt(0) ^ 1) + bytes.slice(1),
    )
    localStorage.setItem(key, JSON.stringify(vault))
    return localStorage.getItem(key)
  }, VAULT)
  await page.reload()
  await unlockWith(page)
  await expect(page.getByRole('alert').filter({ hasText: 'cannot be read' })).toBeVisible()
  // A new thought is still sealed beside it; the damaged part is written over by nothing.
  await saveFromWriter(page, 'sealed beside the damage')
  await expect(page.getByTestId('outcome')).toHaveText('Saved. This stays with you.')
  const after = JSON.parse((await stored(page, VAULT))!) as {
    privateKey: unknown
    sealed: unknown[]
  }
  expect(after.privateKey).toEqual((JSON.parse(damaged!) as { privateKey: unknown }).privateKey)
  expect(after.sealed).toHaveLength(1)

  // Truncated, nothing can be added to it: the words stay in the writer, the data untouched.
  const truncated = await page.evaluate((key) => {
    localStorage.setItem(key, localStorage.getItem(key)!.slice(0, 120))
    return localStorage.getItem(key)
  }, VAULT)
  await page.goto('/return')
  await expect(page.getByRole('alert').filter({ hasText: 'cannot be read' })).toBeVisible()
  await saveFromWriter(page, 'kept in the writer')
  await expect(page.getByRole('alert').filter({ hasText: 'Not saved' })).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'Your thought' })).toHaveValue(
    'kept in the writer',
  )
  expect(await stored(page, VAULT)).toBe(truncated)
})

async function saveFromWriter(page: Page, text: string) {
  await page.goto('/')
  await page.getByRole('textbox', { name: 'Your thought' }).fill(text)
  await page.getByRole('button', { name: 'Ready' }).click()
  await page.getByRole('button', { name: 'Save it, privately' }).click()
}

test('an encrypted copy downloads unreadable and restores with its passphrase', async ({
  page,
}) => {
  await openWith(page, [FIRST])
  await page.getByRole('button', { name: 'Download an encrypted copy' }).click()
  const dialog = page.getByRole('dialog', { name: 'Download an encrypted copy' })
  await dialog.getByLabel('Passphrase for the copy').fill(COPY_PASSPHRASE)
  await dialog.getByLabel('The same passphrase again').fill(COPY_PASSPHRASE)
  const download = page.waitForEvent('download')
  await dialog.getByRole('button', { name: 'Download' }).click()
  const file = await download
  expect(file.suggestedFilename()).toMatch(/^unburden-private-entries-.*\.encrypted\.json$/)
  const text = readFileSync((await file.path())!, 'utf8')
  expect(text).not.toContain(CANARY)
  expect(JSON.parse(text)).toMatchObject({
    format: 'unburden-private-entries-encrypted',
    kdf: { name: 'PBKDF2', iterations: 600_000 },
  })

  await openWith(page, [])
  await page.locator('input[type=file]').setInputFiles({
    name: 'copy.encrypted.json',
    mimeType: 'application/json',
    buffer: Buffer.from(text),
  })
  const restore = page.getByRole('dialog', { name: 'Restore an encrypted copy' })
  await restore.getByLabel('Passphrase of the copy').fill('not it')
  await restore.getByRole('button', { name: 'Restore' }).click()
  await expect(restore.getByRole('alert')).toContainText('does not open this copy')
  await restore.getByLabel('Passphrase of the copy').fill(COPY_PASSPHRASE)
  await restore.getByRole('button', { name: 'Restore' }).click()
  await expect(restore).toBeHidden()
  await expect(page.getByText(CANARY)).toBeVisible()
  expect(JSON.parse((await stored(page, KEY)) ?? 'null')).toEqual([FIRST])
})

test('a weak new passphrase is refused with its reason; the estimate shows as it is typed, offline too', async ({
  page,
  context,
}) => {
  await openWith(page, [FIRST])
  await waitForServiceWorker(page)
  await context.setOffline(true)
  try {
    // Offline, from the precache: the estimator's worker and its word lists are part of the app.
    await page.reload()
    await page.getByRole('button', { name: 'Lock my entries' }).click()
    const dialog = page.getByRole('dialog', { name: 'Lock my entries' })
    const field = dialog.getByLabel('Passphrase', { exact: true })
    const estimate = dialog.getByRole('status')
    await expect(dialog.getByText('A few unrelated words hold best.')).toBeVisible()
    // The field names the hint and the live estimate for a screen reader.
    const describedBy = (await field.getAttribute('aria-describedby'))?.split(' ') ?? []
    expect(describedBy).toContain(await estimate.getAttribute('id'))
    expect(await estimate.getAttribute('role')).toBe('status')

    await field.fill('password')
    await expect(estimate).toHaveText(
      'One graphics card would guess it in under a second.' +
        'It is on the lists of leaked passwords that are tried first.',
    )
    await dialog.getByLabel('The same passphrase again').fill('password')
    await dialog.getByRole('button', { name: 'Lock my entries' }).click()
    await expect(dialog.getByRole('alert')).toHaveText(
      'This passphrase is on the lists of leaked passwords that are tried first. Choose another.',
    )

    // Two common words: a couple of hours for one card, less than a day, refused.
    await field.fill('sunshine flowers')
    await expect(estimate).toHaveText(
      /^One graphics card would guess it in about \d+ hours?\.That is less than a day\. Add a few unrelated words\.$/,
    )
    await dialog.getByLabel('The same passphrase again').fill('sunshine flowers')
    await dialog.getByRole('button', { name: 'Lock my entries' }).click()
    await expect(dialog.getByRole('alert')).toHaveText(
      'One graphics card could guess this passphrase within a day. Add a few unrelated words.',
    )
    expect(await stored(page, VAULT)).toBeNull()

    await field.fill(PASSPHRASE)
    await expect(estimate).toHaveText(
      'One graphics card would need more than a century to guess it.Strong enough.',
    )
    await dialog.getByLabel('The same passphrase again').fill(PASSPHRASE)
    await dialog.getByRole('button', { name: 'Lock my entries' }).click()
    await expect(dialog).toBeHidden()
    await expect(page.getByRole('heading', { name: 'Your entries are locked' })).toBeVisible()
  } finally {
    await context.setOffline(false)
  }
})
