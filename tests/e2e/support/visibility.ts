/** Making a page report itself hidden or shown, as switching away from it and back does. */
import type { Page } from '@playwright/test'

/** Sets `document.visibilityState` and fires `visibilitychange`, as the browser does. */
export const setHidden = (page: Page, hidden: boolean): Promise<void> =>
  page.evaluate((hidden) => {
    Object.defineProperty(document, 'visibilityState', {
      configurable: true,
      get: () => (hidden ? 'hidden' : 'visible'),
    })
    document.dispatchEvent(new Event('visibilitychange'))
  }, hidden)
