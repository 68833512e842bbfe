/**
 * The tester's steps in the request pipeline: the controls (`/__…` with the token), the lab's probe
 * answering that they are on, the request log, and the faults played on REST requests. index.ts
 * imports this module only for a backend started with the controls on (`--faults` or
 * UNBURDEN_FAULTS=1), so a production start neither loads it nor runs any of its steps. Where each
 * step goes among the product's: http.ts's `AddedSteps`.
 */
import { jsonAnswer } from '../edge/respond'
import { LAB_PROBE_PATH, isRestPath } from '../edge/route'
import type { Engine } from '../engine'
import type { AddedSteps, Exchange } from '../http'
import type { Maintenance } from '../maintenance'
import {
  CONTROL_LIMIT_BYTES,
  appOrigin,
  checkControlAccess,
  controlCors,
  isControlPath,
} from './access'
import { TesterControls, type Faults } from './controls'
import { dropsAfterStore, faultsBeforeRoute, faultsBeforeRun } from './faults'

/** What the tester's steps need. */
export interface TesterOptions {
  engine: Engine
  maintenance: Maintenance
  /** The token a tester control request must carry. */
  controlToken: string
  /**
   * The port the app is served on (`npm start`): a page of that port on the backend's own host (or
   * both on this machine) may call the tester controls with the token, for the app's lab.
   */
  appPort?: number
}

/** The tester's steps over one backend, with the controls they share. */
export function testerSteps(options: TesterOptions): AddedSteps {
  const controls = new TesterControls(options.engine, options.maintenance)
  /** A control request's origin when it is the app's own page, else null (set by the first step). */
  const controlFrom = new WeakMap<Exchange, string | null>()
  /** The fault one REST request plays, taken once (its `count` counts requests). */
  const faults = new WeakMap<Exchange, Faults>()
  return {
    first: [
      {
        // Decided before anything can answer (the host's 421, the preflight): a control's answer,
        // a refusal included, is readable by no page but the app's own.
        name: 'tester: control CORS',
        run: (exchange) => {
          if (!isControlPath(exchange.url)) return
          const fromApp = appOrigin(exchange.request, options.appPort)
          controlFrom.set(exchange, fromApp)
          exchange.reply.cors = controlCors(fromApp)
        },
      },
      {
        name: 'tester: request log',
        run: ({ method, url, whenDone }) => {
          if (!isRestPath(url) || method === 'OPTIONS') return
          const path = url.pathname
          const query = url.search.slice(1)
          whenDone((status) => controls.record({ method, path, query, status }))
        },
      },
    ],
    beforeRoute: [
      {
        name: 'tester: lab probe',
        run: ({ method, url }) =>
          method === 'GET' && url.pathname === LAB_PROBE_PATH
            ? jsonAnswer(200, { faults: true })
            : undefined,
      },
      {
        name: 'tester: controls',
        run: async (exchange) => {
          if (!controlFrom.has(exchange)) return undefined
          const { request, url, method } = exchange
          checkControlAccess(request, url, options.controlToken, controlFrom.get(exchange) !== null)
          const body = await exchange.readBody(CONTROL_LIMIT_BYTES)
          // A path that names no control goes on, and is answered as any unknown path is.
          return (await controls.handle(method, url.pathname, body)) ?? undefined
        },
      },
      {
        name: 'tester: faults before routing',
        run: (exchange) => {
          if (!isRestPath(exchange.url)) return undefined
          const taken = controls.take(exchange.method)
          faults.set(exchange, taken)
          return faultsBeforeRoute(taken)
        },
      },
    ],
    beforeRun: [
      {
        name: 'tester: rejected inserts',
        run: (exchange) => {
          faultsBeforeRun(faults.get(exchange), exchange.method, exchange.target?.rpc)
        },
      },
    ],
    beforeAnswer: [
      {
        name: 'tester: dropped after store',
        run: (exchange) =>
          dropsAfterStore(faults.get(exchange), exchange.method, exchange.target?.rpc)
            ? 'drop'
            : undefined,
      },
    ],
  }
}
