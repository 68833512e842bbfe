/**
 * The lock against someone holding the device (docs/privacy.md): with the phone in hand and
 * devtools open, they can rewrite storage, post to the tabs' channel, leave a tab hidden, or wait for
 * a confirmation left open. Each test plays one such attack on the built app and asserts what the
 * owner, and the attacker, then see.
 */
import { expect, test, type Page } from '@playwright/test'
import { createVault } from '../../src/private-entries/lock/envelope'
import { resetBackend } from './support/backend'
import { heldInHeap } from './support/heap'
import { wallTexts } from './support/offline'
import { setHidden } from './support/visibility'

const VAULT = 'sanctuary-vault'
const PASSPHRASE = 'seven quiet harbours under a copper moon'
const CANARY = 'canary-91c2: what only I should read'
const LOCKED = 'Your entries are locked'
const FIRST = { id: Date.UTC(2025, 0, 5, 10, 30), text: CANARY, date: '2025-01-05T10:30:00.000Z' }
const SECOND = { id: FIRST.id + 60_000, text: 'a second entry', date: '2025-01-05T10:31:00.000Z' }

test.beforeEach(async () => {
  await resetBackend()
})

/**
 * Opens Return to Yourself on a vault made here in Node, so the entries' text reaches the page only
 * by being decrypted there (a few iterations: the app raises them at the first unlock).
 */
async function openLocked(page: Page, entries = [FIRST], extra: Record<string, string> = {}) {
  const { vault } = await createVault(PASSPHRASE, { entries, kept: [] }, 1_000)
  await page.goto('/void')
  await page.evaluate(
    ({ vault, extra }) => {
      localStorage.clear()
      localStorage.setItem('sanctuary-vault', vault)
      for (const [k, v] of Object.entries(extra)) localStorage.setItem(k, v)
    },
    { vault: JSON.stringify(vault), extra },
  )
  await page.goto('/return')
  await expect(page.getByRole('heading', { name: LOCKED })).toBeVisible()
}

async function unlockWith(page: Page, passphrase = PASSPHRASE) {
  await page.getByLabel('Passphrase').fill(passphrase)
  await page.getByRole('button', { name: 'Unlock' }).click()
}

test('a confirmation left open closes when another tab locks, and publishes nothing', async ({
  page,
  context,
}) => {
  await openLocked(page)
  await unlockWith(page)
  await page.getByRole('button', { name: 'Publish to Void' }).click()
  const confirmation = page.getByRole('dialog', { name: 'Publish to The Void?' })
  await expect(confirmation).toBeVisible()
  const other = await context.newPage()
  await other.goto('/return')
  await other.getByRole('button', { name: 'Lock now' }).click()
  await expect(confirmation).toBeHidden()
  await expect(page.getByRole('heading', { name: LOCKED })).toBeVisible()
  await expect(page.getByText(CANARY)).toHaveCount(0)
  expect(await wallTexts()).toEqual([])
})

test('a confirmation left open closes when the entries lock by the clock', async ({ page }) => {
  await page.clock.install()
  await openLocked(page, [FIRST], { 'sanctuary-lock-after-minutes': '1' })
  await unlockWith(page)
  await page.getByRole('button', { name: 'Publish to Void' }).click()
  const confirmation = page.getByRole('dialog', { name: 'Publish to The Void?' })
  await expect(confirmation).toBeVisible()
  await setHidden(page, true)
  await page.clock.fastForward('01:01')
  await setHidden(page, false)
  await expect(confirmation).toBeHidden()
  await expect(page.getByRole('heading', { name: LOCKED })).toBeVisible()
  expect(await wallTexts()).toEqual([])
})

test('once locked, no decrypted text is left in the page’s memory', async ({ page, context }) => {
  await openLocked(page, [FIRST, SECOND])
  await unlockWith(page)
  // Nothing here names the entries' text: a locator's text would itself be in the page's heap.
  await expect(page.getByText('2 entries • Safe in your browser')).toBeVisible()
  // A dialog holding an entry is open when the entries lock from elsewhere.
  await page.getByRole('button', { name: 'Publish to Void' }).last().click()
  await expect(page.getByRole('dialog', { name: 'Publish to The Void?' })).toBeVisible()
  // The search finds the text while it is shown, so its silence later means something.
  expect(await heldInHeap(page, [CANARY, SECOND.text])).toEqual([CANARY, SECOND.text])
  const other = await context.newPage()
  await other.goto('/return')
  await other.getByRole('button', { name: 'Lock now' }).click()
  await other.close()
  await expect(page.getByRole('heading', { name: LOCKED })).toBeVisible()
  expect(await heldInHeap(page, [CANARY, SECOND.text])).toEqual([])
})

test('a tab handed the keys while hidden keeps its own clock, and hands them to no new tab once it ran out', async ({
  page,
  context,
}) => {
  await openLocked(page, [FIRST], { 'sanctuary-lock-after-minutes': '1' })
  const hidden = await context.newPage()
  await hidden.clock.install()
  await hidden.goto('/return')
  await expect(hidden.getByRole('heading', { name: LOCKED })).toBeVisible()
  await setHidden(hidden, true)
  await unlockWith(page)
  await expect(hidden.getByText(CANARY)).toBeVisible()
  // The tab that unlocked closes; 75 s pass for the hidden one, its timers asleep as they are there.
  await page.close()
  await hidden.clock.setSystemTime(Date.now() + 75_000)
  const late = await context.newPage()
  await late.goto('/return')
  await expect(hidden.getByRole('heading', { name: LOCKED })).toBeVisible()
  await expect(late.getByRole('heading', { name: LOCKED })).toBeVisible()
  await expect(late.getByText(CANARY)).toHaveCount(0)
})

test('keys posted on the tabs’ channel that do not open the vault are not taken', async ({
  page,
}) => {
  await openLocked(page)
  const keysFor = await page.evaluate(async (key) => {
    const vault = JSON.parse(localStorage.getItem(key)!) as { privateKey: { ciphertext: string } }
    const subtle = crypto.subtle
    const dataKey = await subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, [
      'encrypt',
      'decrypt',
    ])
    const pair = await subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, [
      'deriveBits',
    ])
    const raw = new Uint8Array(await subtle.exportKey('raw', pair.publicKey))
    const channel = new BroadcastChannel('unburden-sanctuary-lock')
    channel.postMessage({
      kind: 'unlocked',
      keys: { dataKey, privateKey: pair.privateKey, publicKey: btoa(String.fromCharCode(...raw)) },
      keysFor: vault.privateKey.ciphertext,
    })
    channel.close()
    return vault.privateKey.ciphertext
  }, VAULT)
  expect(keysFor).not.toBe('')
  // Taken, they would have marked the vault unreadable: give the tab time to have done so.
  await page.waitForTimeout(500)
  await expect(page.getByRole('alert').filter({ hasText: 'cannot be read' })).toHaveCount(0)
  await unlockWith(page)
  await expect(page.getByText(CANARY)).toBeVisible()
})

test('a public key swapped while the app is open gets nothing; the unlock says so and puts it right', async ({
  page,
}) => {
  await openLocked(page)
  const original = await page.evaluate(async (key) => {
    const vault = JSON.parse(localStorage.getItem(key)!) as { publicKey: string }
    const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, [
      'deriveBits',
    ])
    const raw = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey))
    const original = vault.publicKey
    vault.publicKey = btoa(String.fromCharCode(...raw))
    localStorage.setItem(key, JSON.stringify(vault))
    return original
  }, VAULT)
  await page.getByRole('link', { name: 'Add Another Thought' }).click()
  const words = 'not for whoever swapped the key'
  await page.getByRole('textbox', { name: 'Your thought' }).fill(words)
  await page.getByRole('button', { name: 'Ready' }).click()
  await page.getByRole('button', { name: 'Save it, privately' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Not saved' })).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'Your thought' })).toHaveValue(words)
  const sealed = await page.evaluate(
    (key) => (JSON.parse(localStorage.getItem(key)!) as { sealed: unknown[] }).sealed.length,
    VAULT,
  )
  expect(sealed).toBe(0)

  await page.getByRole('link', { name: 'Return to Yourself' }).first().click()
  await expect(page.getByText('Your lock’s key on this device was changed')).toBeVisible()
  await unlockWith(page)
  await expect(page.getByText(CANARY)).toBeVisible()
  await expect(page.getByText('Someone changed your lock’s key on this device.')).toBeVisible()
  const restored = await page.evaluate(
    (key) => (JSON.parse(localStorage.getItem(key)!) as { publicKey: string }).publicKey,
    VAULT,
  )
  expect(restored).toBe(original)
})

test('one damaged item loses only itself, and the unlock says so', async ({ page }) => {
  await openLocked(page, [FIRST, SECOND])
  await page.evaluate((key) => {
    const vault = JSON.parse(localStorage.getItem(key)!) as { items: { ciphertext: string }[] }
    const bytes = atob(vault.items[1]!.ciphertext)
    vault.items[1]!.ciphertext = btoa(String.fromCharCode(bytes.charCodeAt(0) ^ 1) + bytes.slice(1))
    localStorage.setItem(key, JSON.stringify(vault))
  }, VAULT)
  await page.reload()
  await unlockWith(page)
  await expect(page.getByText(CANARY)).toBeVisible()
  await expect(page.getByText('1 entry • Safe in your browser')).toBeVisible()
  await expect(
    page.getByText('1 saved item is damaged and cannot be read. It is kept as it is'),
  ).toBeVisible()
})

test('a vault put in place of the owner’s and unlocked in another tab hands the owner’s tab nothing', async ({
  page,
  context,
}) => {
  await openLocked(page)
  const theirs = 'their own passphrase for a planted vault'
  const planted = 'planted by whoever swapped the vault'
  const { vault } = await createVault(
    theirs,
    { entries: [{ ...SECOND, text: planted }], kept: [] },
    1_000,
  )
  const attacker = await context.newPage()
  await attacker.goto('/void')
  await attacker.evaluate(
    (value) => localStorage.setItem('sanctuary-vault', value),
    JSON.stringify(vault),
  )
  await attacker.goto('/return')
  await unlockWith(attacker, theirs)
  await expect(attacker.getByText(planted)).toBeVisible()
  // Handed over, the keys would open the planted vault in the owner's tab at once: give it time to.
  await page.waitForTimeout(1_000)
  await expect(page.getByRole('heading', { name: LOCKED })).toBeVisible()
  await expect(page.getByText(planted)).toHaveCount(0)
})

test('a passphrase changed in one tab: the other follows with the new keys, and no false alarm', async ({
  page,
  context,
}) => {
  await openLocked(page)
  await unlockWith(page)
  await expect(page.getByText(CANARY)).toBeVisible()
  const other = await context.newPage()
  await other.goto('/return')
  await expect(other.getByText(CANARY)).toBeVisible()
  const next = 'eleven lanterns drifting past the old mill'
  await other.getByRole('button', { name: 'Change the passphrase' }).click()
  const dialog = other.getByRole('dialog', { name: 'Change the passphrase' })
  await dialog.getByLabel('Current passphrase').fill(PASSPHRASE)
  await dialog.getByLabel('New passphrase', { exact: true }).fill(next)
  await dialog.getByLabel('The new passphrase again').fill(next)
  await dialog.getByRole('button', { name: 'Change the passphrase' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByText(CANARY)).toBeVisible()
  await expect(page.getByRole('heading', { name: LOCKED })).toHaveCount(0)
  await expect(page.getByText('Someone changed your lock’s key')).toHaveCount(0)
  await page.getByRole('button', { name: 'Lock now' }).click()
  await unlockWith(page, PASSPHRASE)
  await expect(page.getByText('That passphrase does not open your entries')).toBeVisible()
  await unlockWith(page, next)
  await expect(page.getByText(CANARY)).toBeVisible()
})
