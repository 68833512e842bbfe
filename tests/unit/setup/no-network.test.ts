import { expect, it } from 'vitest'

it('refuses a network call that a test did not stub', async () => {
  await expect(fetch('http://example.invalid/')).rejects.toThrow(/Unexpected network call/)
  // The guard would also fail this test afterwards; clear the record so only the rejection is checked.
  const { allowNetwork } = await import('./no-network')
  allowNetwork()
})
