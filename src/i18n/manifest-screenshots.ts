/**
 * The web manifest's screenshots: the writer and The Void, narrow (a phone) and wide (a desktop
 * window), in each language, drawn from the app itself by `npm run screenshots`
 * (scripts/screenshots.ts) into public/screenshots/. The script takes its list from here, the unit
 * test checks the files against it, and the manifest of each language lists that language's four,
 * with labels in its words (the richer install dialog shows them).
 */
import { LANGUAGES, type Language } from './i18n.ts'

/** The screens shown. */
export type ScreenshotScreen = 'writer' | 'void'

/** The manifest's form factors: `narrow` for phones, `wide` for desktops. */
export type ScreenshotFormFactor = 'narrow' | 'wide'

/** Each screen's path in the app. */
export const SCREENSHOT_PATHS: Readonly<Record<ScreenshotScreen, string>> = {
  writer: '/',
  void: '/void',
}

/**
 * The size of each form factor in CSS pixels, drawn at a device pixel ratio of 1 so the file has
 * these pixels. Chromium shows a screenshot in its install dialog only when each side is between
 * 320 and 3840 px and the longer side is at most 2.3 times the shorter: a common Android phone's
 * 412 × 915, and a laptop's 1280 × 800.
 */
export const SCREENSHOT_SIZES: Readonly<
  Record<ScreenshotFormFactor, { width: number; height: number }>
> = {
  narrow: { width: 412, height: 915 },
  wide: { width: 1280, height: 800 },
}

/** Each screenshot's label: what the screen is for, read aloud or shown under the image. */
export const SCREENSHOT_LABELS: Readonly<Record<Language, Record<ScreenshotScreen, string>>> = {
  en: {
    writer: 'Write what you are carrying',
    void: 'The Void, where thoughts are offered anonymously',
  },
  de: {
    writer: 'Schreib auf, was du mit dir herumträgst',
    void: 'Die Leere, wo Gedanken anonym übergeben werden',
  },
  es: {
    writer: 'Escribe lo que te pesa',
    void: 'El Vacío, donde los pensamientos se ofrecen de forma anónima',
  },
  fr: {
    writer: 'Écris ce qui te pèse',
    void: 'Le Vide, où les pensées sont offertes anonymement',
  },
  'pt-BR': {
    writer: 'Escreva o que está pesando em você',
    void: 'O Vazio, onde os pensamentos são oferecidos anonimamente',
  },
  'pt-PT': {
    writer: 'Escreva o que lhe pesa',
    void: 'O Vazio, onde os pensamentos são oferecidos anonimamente',
  },
  ar: {
    writer: 'اكتب ما يُثقل قلبك',
    void: 'الفراغ، حيث تُقدَّم الخواطر دون ذكر أي اسم',
  },
  'zh-CN': {
    writer: '写下你心里装着的事',
    void: '虚空：匿名交出心事的地方',
  },
}

/** One screenshot: what the script draws and where, and what the manifest says of it. */
export interface Screenshot {
  language: Language
  screen: ScreenshotScreen
  form_factor: ScreenshotFormFactor
  /** Its address from the site's root, e.g. `/screenshots/en-writer-narrow.png`. */
  src: string
  /** The manifest's `sizes`: `<width>x<height>`. */
  sizes: string
  width: number
  height: number
  type: 'image/png'
  label: string
}

/** The manifest's entry for a screenshot: the members the manifest's `screenshots` takes. */
export interface ManifestScreenshot {
  src: string
  sizes: string
  type: 'image/png'
  form_factor: ScreenshotFormFactor
  label: string
}

const SCREENS: readonly ScreenshotScreen[] = ['writer', 'void']
const FORM_FACTORS: readonly ScreenshotFormFactor[] = ['narrow', 'wide']

/** Every screenshot, language by language: the writer first, each narrow then wide. */
export const SCREENSHOTS: readonly Screenshot[] = LANGUAGES.flatMap((language) =>
  SCREENS.flatMap((screen) =>
    FORM_FACTORS.map((form_factor): Screenshot => {
      const { width, height } = SCREENSHOT_SIZES[form_factor]
      return {
        language,
        screen,
        form_factor,
        src: `/screenshots/${language}-${screen}-${form_factor}.png`,
        sizes: `${width}x${height}`,
        width,
        height,
        type: 'image/png',
        label: SCREENSHOT_LABELS[language][screen],
      }
    }),
  ),
)

/** The manifest's `screenshots` for `language`: its own four, in its words. */
export function manifestScreenshots(language: Language): ManifestScreenshot[] {
  return SCREENSHOTS.filter((shot) => shot.language === language).map(
    ({ src, sizes, type, form_factor, label }) => ({ src, sizes, type, form_factor, label }),
  )
}
