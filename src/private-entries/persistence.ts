/**
 * Whether the browser keeps this site's storage when space runs low: asked after the first private
 * entry is saved (the writer) and shown on /return. Apart from the storage code, so the writer's
 * choice dialog carries only these few lines.
 */

/**
 * Asks the browser to keep this site's storage even when space runs low. Answers whether it is
 * persisted, or null where the browser has no such request.
 */
export async function askToPersist(): Promise<boolean | null> {
  const storage = globalThis.navigator?.storage
  if (!storage?.persist) return null
  try {
    if (storage.persisted && (await storage.persisted())) return true
    return await storage.persist()
  } catch {
    return null
  }
}

/** Whether the browser has agreed to keep this site's storage; null where it cannot say. */
export async function isPersisted(): Promise<boolean | null> {
  const storage = globalThis.navigator?.storage
  if (!storage?.persisted) return null
  try {
    return await storage.persisted()
  } catch {
    return null
  }
}
