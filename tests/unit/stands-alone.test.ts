/**
 * The repository stands alone: what the code cites is in it. The product's specification and
 * decisions are docs/product.md ("docs/product.md, specification N", "docs/product.md, decision N");
 * no tracked file may cite the outside documents they were written from, by their file names, and
 * every relative link of the docs and the README leads to a file that exists.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = resolve(__dirname, '../..')

/**
 * A citation of the outside documents by file name. Built from parts so that this file does not
 * cite them itself; upper case only, so docs/product.md is not one.
 */
const OUTSIDE_DOCUMENT = new RegExp(String.raw`\b(${['PRODUCT', 'SPEC'].join('|')})\.md\b`)

/** The tracked files that are in the working tree (a file being moved may be listed but gone). */
function trackedFiles(): string[] {
  return execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' })
    .split('\0')
    .filter((file) => file !== '' && !file.split('/').includes('node_modules'))
    .filter((file) => existsSync(join(ROOT, file)) && statSync(join(ROOT, file)).isFile())
}

/** The text of `file`, or null when it is binary (a NUL byte in its first 8 KB, as git decides). */
function textOf(file: string): string | null {
  const bytes = readFileSync(join(ROOT, file))
  return bytes.subarray(0, 8000).includes(0) ? null : bytes.toString('utf8')
}

/** The markdown files whose links must lead somewhere: docs/*.md and the README. */
function markdownFiles(): string[] {
  const docs = readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`)
  return ['README.md', ...docs.sort()]
}

/** `markdown` without fenced code blocks and inline code, whose brackets are not links. */
function withoutCode(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '')
}

/** The targets of `markdown`'s inline links and images, and of its reference definitions. */
function linkTargets(markdown: string): string[] {
  const text = withoutCode(markdown)
  const inline = [...text.matchAll(/!?\[[^\]]*\]\(\s*(<[^>]*>|[^)\s]+)[^)]*\)/g)].map((m) => m[1])
  const references = [...text.matchAll(/^\s{0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)/gm)].map((m) => m[1])
  return [...inline, ...references].map((target = '') => target.replace(/^<|>$/g, ''))
}

/** Whether `target` is a link into the repository (not a web address, mail or an anchor here). */
const isRelative = (target: string) => !/^([a-z][a-z\d+.-]*:|#|\/\/)/i.test(target)

describe('the repository stands alone', () => {
  it('cites no document outside it by file name', () => {
    const citations = trackedFiles().flatMap((file) => {
      const text = textOf(file)
      if (text === null) return []
      return text
        .split('\n')
        .flatMap((line, index) => (OUTSIDE_DOCUMENT.test(line) ? [`${file}:${index + 1}`] : []))
    })
    expect(citations).toEqual([])
  })

  it('has every relative link of docs/*.md and README.md lead to a file that exists', () => {
    const broken = markdownFiles().flatMap((file) =>
      linkTargets(readFileSync(join(ROOT, file), 'utf8'))
        .filter(isRelative)
        .filter((target) => {
          const path = decodeURIComponent(target.replace(/[?#].*$/, ''))
          return path !== '' && !existsSync(resolve(ROOT, dirname(file), path))
        })
        .map((target) => `${file}: ${target}`),
    )
    expect(broken).toEqual([])
  })

  it('finds the links it checks (the reader of links is not blind)', () => {
    expect(linkTargets(readFileSync(join(ROOT, 'README.md'), 'utf8'))).toContain('docs/product.md')
    expect(linkTargets('[a](b.md "t") `[c](d.md)` ![e](<f g.png>)\n[h]: i.md')).toEqual([
      'b.md',
      'f g.png',
      'i.md',
    ])
  })
})
