/** An in-memory CacheStorage, enough for the worker's modules (keys are URLs). */
export function fakeCaches() {
  const stores = new Map<string, Map<string, Response>>()
  const responseUrls = new Map<string, Map<string, string>>()
  const open = (name: string) => {
    let entries = stores.get(name)
    if (!entries) stores.set(name, (entries = new Map()))
    const map = entries
    const urls = (responseUrls.get(name) ?? responseUrls.set(name, new Map()).get(name))!
    const url = (key: RequestInfo | URL) =>
      typeof key === 'string' ? key : key instanceof URL ? key.href : key.url
    return {
      put: async (key: RequestInfo | URL, response: Response) => {
        // As the Cache API does (its put() rejects a partial response).
        if (response.status === 206)
          throw new TypeError('Partial response (status code 206) is unsupported')
        map.set(url(key), response.clone())
        urls.set(url(key), response.url)
      },
      // A stored answer keeps its own URL, as the Cache API's do ('' for one made by a worker).
      match: async (key: RequestInfo | URL) => {
        const copy = map.get(url(key))?.clone()
        if (copy) Object.defineProperty(copy, 'url', { value: urls.get(url(key)) ?? '' })
        return copy
      },
      keys: async () => [...map.keys()].map((k) => new Request(k)),
      delete: async (key: RequestInfo | URL) => urls.delete(url(key)) && map.delete(url(key)),
    } as unknown as Cache
  }
  const cacheStorage = {
    open: async (name: string) => open(name),
    keys: async () => [...stores.keys()],
    delete: async (name: string) => responseUrls.delete(name) && stores.delete(name),
    has: async (name: string) => stores.has(name),
    match: async () => undefined,
  } as unknown as CacheStorage
  return { cacheStorage, stores, open }
}
