// `node scripts/lantern-lcp.mjs <run>`: why a Lighthouse run's LCP is what it is. Lighthouse's mobile
// preset does not measure LCP, it simulates it (Lantern): from the run's trace it keeps every request
// that ended, and the CPU work that ran, before the LCP observed on this machine, and replays them on
// a slow phone's network (150 ms round trips, 1.6 Mbit/s) and CPU. This prints that replay, request by
// request, in the order it starts, so the request that ends last, and what it waited on, can be read.
//
// <run>: a report kept by `LIGHTHOUSE_SAVE_ASSETS=1 npm run lighthouse`, e.g.
// /tmp/unburden-lighthouse-XXXX/report_void-this-1 (its .json, -0.trace.json and -0.devtoolslog.json
// are read). What if: DROP=<part of a URL>,... leaves those requests out; SCALE=<part of a URL>:<factor>,...
// scales their bytes (SCALE=index-:0.5: the entry half as large). The replay moves in round trips, so a
// few kilobytes more or less can move LCP by 150 ms or not at all: try a change before making it.
import { readFileSync } from 'node:fs'
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js'

const run = process.argv[2]
if (!run) {
  console.error('Usage: node scripts/lantern-lcp.mjs <kept report, without .json>')
  process.exit(1)
}
const read = (file) => JSON.parse(readFileSync(file, 'utf8'))
const report = read(`${run}.json`)
const trace = read(`${run}-0.trace.json`)
const log = read(`${run}-0.devtoolslog.json`)

const drop = (process.env.DROP ?? '').split(',').filter(Boolean)
const scale = (process.env.SCALE ?? '')
  .split(',')
  .filter(Boolean)
  .map((entry) => entry.split(':'))
const urls = new Map()
for (const event of log)
  if (event.method === 'Network.requestWillBeSent')
    urls.set(event.params.requestId, `${event.params.request.method} ${event.params.request.url}`)
const urlOf = (event) => urls.get(event.params?.requestId) ?? ''
for (let i = log.length - 1; i >= 0; i--) {
  const event = log[i]
  if (!event.params?.requestId) continue
  if (drop.some((part) => urlOf(event).includes(part))) {
    log.splice(i, 1)
    continue
  }
  for (const [part, factor] of scale)
    if (
      urlOf(event).includes(part) &&
      /^Network\.(loadingFinished|dataReceived)$/.test(event.method)
    )
      event.params.encodedDataLength *= Number(factor)
}

const settings = report.configSettings
const lcp = await LanternLargestContentfulPaint.request(
  {
    trace: trace.traceEvents ? trace : { traceEvents: trace },
    devtoolsLog: log,
    gatherContext: { gatherMode: 'navigation' },
    settings,
    URL: {
      requestedUrl: report.requestedUrl,
      mainDocumentUrl: report.mainDocumentUrl ?? report.finalDisplayedUrl,
      finalDisplayedUrl: report.finalDisplayedUrl,
    },
    SourceMaps: [],
    HostDPR: 1,
    simulator: null,
  },
  { computedCache: new Map(), settings },
)
console.log(
  `simulated LCP ${lcp.timing.toFixed(0)} ms (optimistic ${lcp.optimisticEstimate.timeInMs.toFixed(0)}, pessimistic ${lcp.pessimisticEstimate.timeInMs.toFixed(0)}); the report said ${report.audits['largest-contentful-paint'].numericValue.toFixed(0)} ms`,
)
console.log(
  'the pessimistic replay (start, end in ms; a request, or CPU work observed on the machine):',
)
const rows = [...lcp.pessimisticEstimate.nodeTimings.entries()].sort(
  (a, b) => a[1].startTime - b[1].startTime,
)
for (const [node, timing] of rows) {
  const what =
    node.type === 'network'
      ? `${node.request.requestMethod} ${node.request.url.replace(/^https?:\/\/[^/]+/, '')} (${node.request.transferSize} B)`
      : `CPU ${(node.duration / 1000).toFixed(0)} ms observed${node.didPerformLayout() ? ', with layout' : ''}`
  console.log(
    `${timing.startTime.toFixed(0).padStart(6)} ${timing.endTime.toFixed(0).padStart(6)}  ${what.slice(0, 110)}`,
  )
}
