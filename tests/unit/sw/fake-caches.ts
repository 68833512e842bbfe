/** An in-memory CacheStorage, enough for the worker's modules (keys are URLs). */
export function fakeCaches() {
  const stores = new Map<string, Map<string, Response>>()
  const open = (name: string) => {
    let entries = stores.get(name)
    if (!entries) stores.set(name, (entries = new Map()))
    const map = entries
    const url = (key: RequestInfo | URL) =>
      typeof key === 'string' ? key : key instanceof URL ? key.href : key.url
    return {
      put: async (key: RequestInfo | URL, response: Response) => {
        // As the Cache API does (its put() rejects a partial response).
        if (response.status === 206)
          throw new TypeError('Partial response (status code 206) is unsupported')
        map.set(url(key), response.clone())
      },
      match: async (key: RequestInfo | URL) => map.get(url(key))?.clone(),
      keys: async () => [...map.keys()].map((k) => new Request(k)),
      delete: async (key: RequestInfo | URL) => map.delete(url(key)),
    } as unknown as Cache
  }
  const cacheStorage = {
    open: async (name: string) => open(name),
    keys: async () => [...stores.keys()],
    delete: async (name: string) => stores.delete(name),
    has: async (name: string) => stores.has(name),
    match: async () => undefined,
  } as unknown as CacheStorage
  return { cacheStorage, stores, open }
}
