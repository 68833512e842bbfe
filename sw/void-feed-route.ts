/** Routes the Void's first-page GET to the network-first feed cache (sw/void-feed-cache.ts). */
import { registerRoute } from 'workbox-routing'
import { isVoidFeedFirstPage } from '../src/shared/void-page-query'
import { answerVoidFeed } from './void-feed-cache'

/** Registers the feed route; every other backend request goes straight to the network. */
export function installVoidFeedRoute(scope: ServiceWorkerGlobalScope): void {
  registerRoute(
    ({ url, request }) => isVoidFeedFirstPage(url, request.method),
    ({ request, event }) =>
      answerVoidFeed(request, {
        fetch: (r) => scope.fetch(r),
        caches: scope.caches,
        waitUntil: (work) => (event as ExtendableEvent).waitUntil(work),
      }),
    'GET',
  )
}
