/**
 * Routes the Void's first-page GET and its count's GET to the network-first feed cache
 * (sw/void-feed-runtime-cache.ts): offline, the last feed comes back with the count fetched beside it.
 */
import { registerRoute } from 'workbox-routing'
import { isVoidCountRequest, isVoidFeedFirstPage } from '../src/shared/void-page-query'
import { answerVoidFeed } from './void-feed-runtime-cache'

/** Registers the feed route; every other backend request goes straight to the network. */
export function installVoidFeedRoute(scope: ServiceWorkerGlobalScope): void {
  registerRoute(
    ({ url, request }) =>
      isVoidFeedFirstPage(url, request.method) || isVoidCountRequest(url, request.method),
    ({ request, event }) =>
      answerVoidFeed(request, {
        fetch: (r) => scope.fetch(r),
        caches: scope.caches,
        waitUntil: (work) => (event as ExtendableEvent).waitUntil(work),
      }),
    'GET',
  )
}
