/**
 * The web manifest's words in each language. The build writes one manifest per language beside
 * manifest.webmanifest (vite.config.ts), with its `lang`, `dir` and `description`; the page links
 * the one of its language (src/app/web-manifest.ts), so an installed app describes itself in the
 * visitor's language where the platform reads the manifest. The name stays "Unburden".
 */
import { directionOf, type Language } from './i18n'

/** The manifest's description per language (English: manifest.webmanifest's own, its one source). */
export const MANIFEST_WORDS: Record<Exclude<Language, 'en'>, { description: string }> = {
  de: {
    description:
      'Schreib auf, was du mit dir trägst. Lass es los, behalte es für dich oder übergib es anonym der Leere.',
  },
  es: {
    description:
      'Escribe lo que llevas contigo. Déjalo ir, guárdalo en privado u ofrécelo de forma anónima al Vacío.',
  },
  fr: {
    description:
      'Écris ce que tu portes. Laisse-le partir, garde-le pour toi ou offre-le anonymement au Vide.',
  },
  'pt-BR': {
    description:
      'Escreva o que você está carregando. Deixe ir, guarde em particular ou ofereça anonimamente ao Vazio.',
  },
  ar: {
    description: 'اكتب ما تحمله. دعه يمضي، أو احفظه لنفسك، أو قدّمه دون اسم إلى الفراغ.',
  },
  'zh-CN': {
    description: '写下你心里装着的事。放下它、私下留着，或匿名交给虚空。',
  },
}

/** Where the build writes the manifest of `language`. */
export const manifestHref = (language: Language): string =>
  language === 'en' ? '/manifest.webmanifest' : `/manifest.${language}.webmanifest`

/** The manifest of `language`: the base manifest with its language's words, `lang` and `dir`. */
export function manifestFor<M extends object>(base: M, language: Language): M {
  if (language === 'en') return base
  return {
    ...base,
    lang: language,
    dir: directionOf(language),
    description: MANIFEST_WORDS[language].description,
  }
}
