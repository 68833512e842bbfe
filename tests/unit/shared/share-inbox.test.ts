import { describe, expect, it } from 'vitest'
import { joinShared, shareKey } from '../../../src/shared/share-inbox'

describe('joinShared', () => {
  it('takes the text alone when it has some', () => {
    expect(joinShared({ title: 'A title', text: '  the words  ', url: null })).toBe('the words')
  })
  it('takes the title when there is no text', () => {
    expect(joinShared({ title: 'Only a title', text: ' ' })).toBe('Only a title')
  })
  it('adds the link on its own line unless the text already holds it', () => {
    expect(joinShared({ text: 'look', url: 'https://a.example/' })).toBe('look\nhttps://a.example/')
    expect(joinShared({ text: 'look at https://a.example/ now', url: 'https://a.example/' })).toBe(
      'look at https://a.example/ now',
    )
    expect(joinShared({ title: 'Page', url: 'https://a.example/' })).toBe(
      'Page\nhttps://a.example/',
    )
    expect(joinShared({ url: 'https://a.example/' })).toBe('https://a.example/')
  })
  it('is empty when nothing was shared', () => {
    expect(joinShared({})).toBe('')
    expect(joinShared({ title: '', text: '\n', url: ' ' })).toBe('')
  })
})

describe('shareKey', () => {
  it('sorts in the order the shares came', () => {
    const keys = [shareKey('https://x', 10_000, 'b'), shareKey('https://x', 9, 'a')]
    expect([...keys].sort()).toEqual([keys[1], keys[0]])
  })
})
