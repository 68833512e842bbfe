/**
 * The 404 page's own words, in its lazily loaded chunk rather than the writer's first paint (its
 * link back home is the app's `home.return`).
 */
export const NOT_FOUND_MESSAGES = {
  'notFound.text': 'Oops! Page not found',
} as const
