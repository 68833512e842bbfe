/**
 * The web manifest's words in each language. The build writes one manifest per language beside
 * manifest.webmanifest (vite.config.ts), with its `lang`, `dir` and `description`; the page links
 * the one of its language (src/app/web-manifest.ts), so an installed app describes itself in the
 * visitor's language where the platform reads the manifest. The name stays "Unburden".
 */
import { directionOf, type Language } from './i18n.ts'

/** The manifest's description per language (English: manifest.webmanifest's own, its one source). */
export const MANIFEST_WORDS: Record<Exclude<Language, 'en'>, { description: string }> = {
  de: {
    description:
      'Schreib auf, was du mit dir herumträgst. Lass es los, behalte es für dich oder übergib es anonym der Leere.',
  },
  es: {
    description:
      'Escribe lo que te pesa. Déjalo ir, guárdalo para ti u ofrécelo de forma anónima al Vacío.',
  },
  fr: {
    description:
      'Écris ce qui te pèse. Laisse-le partir, garde-le pour toi ou offre-le anonymement au Vide.',
  },
  'pt-BR': {
    description:
      'Escreva o que está pesando em você. Deixe ir, guarde só para você ou ofereça anonimamente ao Vazio.',
  },
  'pt-PT': {
    description:
      'Escreva o que lhe pesa. Deixe ir, guarde só para si ou ofereça anonimamente ao Vazio.',
  },
  ar: {
    description: 'اكتب ما يُثقل قلبك. دعه يمضي، أو احتفظ به لنفسك، أو قدّمه إلى الفراغ دون ذكر اسمك.',
  },
  'zh-CN': {
    description: '写下你心里装着的事。放下它、留给自己，或匿名交给虚空。',
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
