/**
 * The web manifest's words in each language. The build writes one manifest per language beside
 * manifest.webmanifest (vite.config.ts), with its `lang`, `dir`, `description` and its shortcuts'
 * names; the page links the one of its language (src/app/web-manifest.ts), so an installed app
 * describes itself in the visitor's language where the platform reads the manifest. The name stays
 * "Unburden".
 */
import { directionOf, type Language, type Messages } from './i18n.ts'
import { manifestScreenshots } from './manifest-screenshots.ts'

/** What the manifest says in one language beyond the app's own words. */
interface ManifestWords {
  description: string
  /**
   * The shortcut to the writer: a short invitation in the app's own voice (an imperative, as the
   * description's first word), shown on a long press of the icon.
   */
  write: string
}

/**
 * The manifest's words per language (English: manifest.webmanifest's own, its one source). The
 * shortcuts to The Void and Return to Yourself take the names the app's links show in that language.
 */
export const MANIFEST_WORDS: Record<Exclude<Language, 'en'>, ManifestWords> = {
  de: {
    description:
      'Schreib auf, was du mit dir herumträgst. Lass es los, behalte es für dich oder übergib es anonym der Leere.',
    write: 'Schreib',
  },
  es: {
    description:
      'Escribe lo que te pesa. Déjalo ir, guárdalo para ti u ofrécelo de forma anónima al Vacío.',
    write: 'Escribe',
  },
  fr: {
    description:
      'Écris ce qui te pèse. Laisse-le partir, garde-le pour toi ou offre-le anonymement au Vide.',
    write: 'Écris',
  },
  'pt-BR': {
    description:
      'Escreva o que está pesando em você. Deixe ir, guarde só para você ou ofereça anonimamente ao Vazio.',
    write: 'Escreva',
  },
  'pt-PT': {
    description:
      'Escreva o que lhe pesa. Deixe ir, guarde só para si ou ofereça anonimamente ao Vazio.',
    write: 'Escreva',
  },
  ar: {
    description: 'اكتب ما يُثقل قلبك. دعه يمضي، أو احتفظ به لنفسك، أو قدّمه إلى الفراغ دون ذكر اسمك.',
    write: 'اكتب',
  },
  'zh-CN': {
    description: '写下你心里装着的事。放下它、留给自己，或匿名交给虚空。',
    write: '写下心事',
  },
}

interface Shortcut {
  name: string
  url: string
}

/** The message naming each screen's shortcut: the links' own words for the app's screens. */
const SHORTCUT_MESSAGES: Readonly<Record<string, string>> = {
  '/void': 'nav.void',
  '/return': 'nav.return',
}

/** The shortcut's name in a language: the writer's from its words, the others from its links'. */
function shortcutName(url: string, words: ManifestWords, catalogue: Messages): string {
  const key = SHORTCUT_MESSAGES[url]
  const name = url === '/' ? words.write : key === undefined ? undefined : catalogue[key]
  if (typeof name !== 'string') throw new Error(`No name for the manifest's shortcut to ${url}`)
  return name
}

/**
 * The manifest of `language`: the base manifest with its language's screenshots (the richer install
 * dialog's), and, in any language but English, its words, `lang` and `dir`, and its shortcuts named
 * from `catalogue`, that language's messages.
 */
export function manifestFor<M extends { shortcuts?: Shortcut[] }>(
  base: M,
  language: Language,
  catalogue: Messages,
): M {
  const screenshots = manifestScreenshots(language)
  if (language === 'en') return { ...base, screenshots }
  const words = MANIFEST_WORDS[language]
  return {
    ...base,
    screenshots,
    lang: language,
    dir: directionOf(language),
    description: words.description,
    shortcuts: base.shortcuts?.map((shortcut) => ({
      ...shortcut,
      name: shortcutName(shortcut.url, words, catalogue),
    })),
  }
}
