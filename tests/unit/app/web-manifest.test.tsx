import { afterEach, describe, expect, it } from 'vitest'
import { linkWebManifest, MANIFEST_HREF } from '../../../src/app/web-manifest'

afterEach(() => {
  for (const link of document.querySelectorAll('link[rel="manifest"]')) link.remove()
})

describe('the web manifest’s link, added after the first paint (issue 16)', () => {
  it('is added to the head once, however often the start runs', () => {
    expect(document.querySelector('link[rel="manifest"]')).toBeNull()
    linkWebManifest()
    linkWebManifest()
    const links = document.head.querySelectorAll<HTMLLinkElement>('link[rel="manifest"]')
    expect(links).toHaveLength(1)
    expect(links[0]!.getAttribute('href')).toBe(MANIFEST_HREF)
  })
})
