/** One log line per request: when, what, the status (or `dropped`), and how long it took. */
export function requestLogLine(method: string, url: URL, status: number, started: number): string {
  return `${new Date().toISOString()} ${method} ${url.pathname}${url.search} ${status || 'dropped'} ${(performance.now() - started).toFixed(1)}ms`
}
