/**
 * How the tabs of this site keep one lock: storage events carry the vault's changes, and a
 * BroadcastChannel carries the keys themselves (non-extractable CryptoKeys, structured-cloned, never
 * written anywhere) when a tab unlocks, and the word when one locks. A tab checks keys it is handed
 * against the vault before it uses them, and every tab holding keys keeps its own clock for locking
 * again after the app was hidden for the chosen time.
 */
import { ENTRIES_KEY } from '../private-entry'
import type { BrowserEdges, PrivateEntriesLock } from '../storage-contract'
import { isPairOf, keysOpen, type VaultKeys } from './envelope'
import type { LockMemory } from './lock-memory'
import { VAULT_KEY, type VaultStore } from './vault-store'

// Keeps its former name ('sanctuary'): a tab still running an earlier version listens on it.
const CHANNEL = 'unburden-sanctuary-lock'

/** How long a tab that was away waits for another tab to say it is in use before locking them all. */
const IN_USE_WAIT_MS = 300

interface UnlockedMessage {
  kind: 'unlocked'
  keys: VaultKeys
  keysFor: string
  /** After a passphrase change: the previous private key, proof that the new keys follow the trusted ones. */
  previous?: CryptoKey
}

type LockMessage =
  UnlockedMessage | { kind: 'locked' } | { kind: 'ask' } | { kind: 'in-use?' } | { kind: 'in-use' }

/** What the protocol needs of the rest of the lock. */
interface ProtocolDeps {
  edges: BrowserEdges
  memory: LockMemory
  vaults: VaultStore
  lockState: () => PrivateEntriesLock
  /** Runs `task` after every read-modify-write of the vault before it. */
  serial: <T>(task: () => Promise<T>) => Promise<T>
  /** Folds what is pending into the vault with the keys held (unlocked only). */
  applyLocked: () => Promise<unknown>
  /** Tells the store what the entries are now. */
  report: () => void
  /** Lets go of the keys and every decrypted text this tab holds. */
  lockHere: () => void
}

export type TabProtocol = ReturnType<typeof createTabProtocol>

/** The protocol for one tab's lock; `follow()` starts listening. */
export function createTabProtocol(deps: ProtocolDeps) {
  const { edges, memory, vaults } = deps
  let channel: BroadcastChannel | null = null
  let hiddenAt: number | null = null
  let hiddenTimer: ReturnType<typeof setTimeout> | undefined
  /** Keys another tab handed over for a vault this tab's storage did not show yet. */
  let keysBeforeVault: UnlockedMessage | null = null

  const post = (message: LockMessage): void => {
    try {
      channel?.postMessage(message)
    } catch {
      // A browser that cannot clone keys leaves other tabs locked: they unlock on their own.
    }
  }

  /** Milliseconds hidden after which this tab locks. */
  const lockAfterMs = () => vaults.lockAfterMinutes() * 60_000

  /** Whether this tab's own clock says the entries should be locked by now. */
  const clockRanOut = () => hiddenAt !== null && Date.now() - hiddenAt >= lockAfterMs()

  /** Starts this tab's clock when it holds keys while hidden (however it came by them). */
  function startClock(): void {
    if (!memory.keys || edges.document()?.visibilityState !== 'hidden') return
    hiddenAt ??= Date.now()
    clearTimeout(hiddenTimer)
    hiddenTimer = setTimeout(lockForAbsence, Math.max(0, hiddenAt + lockAfterMs() - Date.now()))
  }

  /**
   * The app was hidden for the chosen time: this tab locks at once, and every tab with it unless
   * another tab says it is in use now (shown, and open), since a person reading there has not left.
   */
  function lockForAbsence(): void {
    if (vaults.rawVault() === null) return
    deps.lockHere()
    if (!channel) return
    let inUse = false
    const listen = (event: MessageEvent<LockMessage>) => {
      if (event.data.kind === 'in-use') inUse = true
    }
    const listening = channel
    listening.addEventListener('message', listen)
    post({ kind: 'in-use?' })
    setTimeout(() => {
      listening.removeEventListener('message', listen)
      if (!inUse) post({ kind: 'locked' })
    }, IN_USE_WAIT_MS)
  }

  /**
   * Takes keys handed over by another tab if they open the vault as it is now (not some other vault)
   * and are keys this tab trusts. Keys for a vault not yet in this tab's storage wait for it: between
   * two renderer processes, the message can come before the write.
   */
  async function takeKeys(message: UnlockedMessage): Promise<void> {
    const vault = vaults.storedVault()
    if (!vault) return
    if (vault.privateKey.ciphertext !== message.keysFor) {
      keysBeforeVault = message
      return
    }
    if (!(await keysOpen(message.keys, vault))) return
    // Only keys of the vault this tab trusts, or ones a passphrase change made from them: not those
    // of a vault someone put in its place.
    const trusted =
      memory.pinned === null ||
      message.keys.publicKey === memory.pinned ||
      (message.previous !== undefined && (await isPairOf(message.previous, memory.pinned)))
    if (!trusted) return
    memory.keys = message.keys
    memory.keysFor = message.keysFor
    memory.pinned = message.keys.publicKey
    memory.unreadable = false
    if (edges.document()?.visibilityState === 'hidden') {
      // Keys handed over while hidden start this tab's clock now.
      hiddenAt = Date.now()
      startClock()
    }
    await deps.applyLocked()
  }

  function onStorage(event: Pick<StorageEvent, 'key' | 'newValue'>): void {
    if (event.key !== VAULT_KEY && event.key !== ENTRIES_KEY && event.key !== null) return
    if (event.key === VAULT_KEY) memory.unreadable = false
    // The vault gone (the lock removed, or storage cleared): this tab locks, and keeps trusting only
    // the key it knew, since whoever took the vault away may put another in its place.
    if ((event.key === VAULT_KEY || event.key === null) && event.newValue === null) deps.lockHere()
    void deps.serial(async () => {
      // Keys that came before their vault: it has arrived now, and they go first.
      const early = keysBeforeVault
      keysBeforeVault = null
      if (early && event.key === VAULT_KEY) await takeKeys(early)
      if (memory.keys) await deps.applyLocked()
      deps.report()
    })
  }

  function onMessage(event: MessageEvent<LockMessage | null>): void {
    const message = event.data
    if (typeof message !== 'object' || message === null) return
    const { keys, keysFor } = memory
    if (message.kind === 'locked') deps.lockHere()
    else if (message.kind === 'ask' && keys && keysFor) {
      // A tab whose own clock ran out while hidden locks rather than hand its keys on.
      if (clockRanOut()) lockForAbsence()
      else post({ kind: 'unlocked', keys, keysFor })
    } else if (
      message.kind === 'in-use?' &&
      keys &&
      edges.document()?.visibilityState === 'visible'
    )
      post({ kind: 'in-use' })
    else if (
      message.kind === 'unlocked' &&
      keysFor !== message.keysFor &&
      deps.lockState() !== 'off'
    )
      void deps.serial(() => takeKeys(message)).then(() => deps.report())
  }

  function onVisibility(): void {
    if (edges.document()?.visibilityState === 'hidden') {
      hiddenAt = Date.now()
      startClock()
    } else {
      clearTimeout(hiddenTimer)
      // Timers sleep in hidden tabs: the time hidden decides, not whether the timer ran.
      if (memory.keys && clockRanOut()) lockForAbsence()
      hiddenAt = null
    }
  }

  return {
    /** Starts following storage events, the other tabs' messages and the page's visibility. */
    follow(): void {
      edges.onStorageEvent(onStorage)
      channel = edges.openChannel(CHANNEL)
      if (channel) {
        channel.onmessage = onMessage
        // A tab opened while another is unlocked opens unlocked too.
        if (vaults.rawVault() !== null) post({ kind: 'ask' })
      }
      const doc = edges.document()
      if (doc && typeof doc.addEventListener === 'function')
        doc.addEventListener('visibilitychange', onVisibility)
    },
    /** Hands this tab's keys to the other tabs (after an unlock or a passphrase change). */
    announceUnlocked: (message: Omit<UnlockedMessage, 'kind'>) =>
      post({ kind: 'unlocked', ...message }),
    /** Tells every other tab to lock. */
    announceLocked: () => post({ kind: 'locked' }),
    /** This tab locked: keys waiting for their vault are dropped, and its clock stops. */
    forget(): void {
      keysBeforeVault = null
      clearTimeout(hiddenTimer)
    },
  }
}
