/**
 * The moderation part of `npm run bench:abuse`: a simulated day on the wall, one attacker per row,
 * while honest people report abusive thoughts. Every request runs as PostgREST runs it (one
 * transaction per request, request.headers as Supabase's edge sets them, role anon) on an in-process
 * PGlite with the migrations and the shipped settings, a fresh database per row. Time passes a minute
 * at a time by dating everything the database stored earlier (advanceClock in
 * tests/fixtures/moderation.ts): minutes in which nobody writes are passed over in one step, so a day
 * takes seconds.
 *
 * Every row's day has the same honest traffic: abusive thoughts offered at spread-out times, each
 * reported within 5 minutes by 3 people on 3 networks who report nothing else; an ordinary visitor
 * offering a thought every 15 minutes; and half-way through (noon) the owner, who restores every
 * thought of the attacker's choosing hidden by then (the attacker reports each of them again). Two
 * attackers:
 *
 * - the spender (3, 50 and 65,536 addresses, the last the /64s of one IPv6 /48) hides other people's
 *   thoughts: each hour it reports the budget's worth of the owner's thoughts plus one, each from the
 *   threshold's number of its addresses that have reported least, a minute apart.
 * - the burner (3, 72 and 500 addresses) spends the budget on decoys of its own so that honest
 *   reports find it spent. It paces itself to every limit: reports_per_minute per address, the
 *   threshold, counted_reports_per_day per address (using its addresses up one after another, so that
 *   spent ones report restored thoughts for free), the hourly budget (it fires the third report of a
 *   primed decoy the minute room returns). Where pending is a queue (found by trying the rules on a
 *   wall of its own first, as anyone can), it also keeps decoys waiting ahead of honest thoughts:
 *   once the budget is spent it brings one decoy to the threshold per three of its addresses that
 *   have never helped hide anything (they weigh as much as honest reporters, and the decoys, offered
 *   first, wait longest), and keeps those addresses out of every hide until their decoy leaves.
 *
 * `BENCH_SIZE=small` runs a day of 8 hours with 10 honest thoughts and the burner with 3, 24 and 72
 * addresses (what `npm test` runs, through tests/unit/server/moderation-bench.test.ts).
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openPglite, type Engine } from '../server/engine'
import { migrate } from '../server/migrations'
import { fromDatabaseError, isDatabaseError } from '../server/errors'
import {
  advanceClock,
  answerOf,
  asRequest,
  from,
  reportFrom,
  seedThoughts,
  wallIds,
  type Answer,
} from '../tests/fixtures/moderation'

export type BenchSize = 'full' | 'small'

interface Attacker {
  kind: 'spender' | 'burner'
  /** How many addresses it has. */
  addresses: number
  /** Address number `i`, as the edge passes it. */
  address: (i: number) => string
  label: string
}

interface Plan {
  /** Length of the simulated day, in hours. */
  hours: number
  /** Abusive thoughts honest people report, spread over the first `honestHours`. */
  honest: number
  honestHours: number
  /** The minute the owner restores the attacker's hides. */
  restoreAt: number
  /** Minutes between ordinary visitors' offers. */
  visitorsEvery: number
  attackers: Attacker[]
}

const spender = (addresses: number, label: string, address: (i: number) => string): Attacker => ({
  kind: 'spender',
  addresses,
  address,
  label,
})
const burner = (addresses: number): Attacker => ({
  kind: 'burner',
  addresses,
  label: `${addresses.toLocaleString('en')} addresses`,
  address:
    addresses <= 3
      ? (i) => `198.51.100.${101 + i}`
      : (i) => `172.16.${Math.floor(i / 250)}.${(i % 250) + 1}`,
})
const SPENDERS = [
  spender(3, '3 addresses', (i) => `198.51.100.${i + 1}`),
  spender(50, '50 addresses', (i) => `${10 + Math.floor(i / 10)}.${i % 10}.0.1`),
  spender(65_536, '65,536 /64s of one /48', (i) => `2001:db8:77:${i.toString(16)}::1`),
]

const PLANS: Record<BenchSize, Plan> = {
  full: {
    hours: 24,
    honest: 24,
    honestHours: 22,
    restoreAt: 12 * 60,
    visitorsEvery: 15,
    attackers: [...SPENDERS, burner(3), burner(72), burner(500)],
  },
  // A third of the day: 24 addresses keep its budget spent throughout, as 72 do a whole day's; 72
  // queue as many decoys ahead of honest thoughts as in the whole day.
  small: {
    hours: 8,
    honest: 10,
    honestHours: 6,
    restoreAt: 4 * 60,
    visitorsEvery: 15,
    attackers: [...SPENDERS, burner(3), burner(24), burner(72)],
  },
}

/** The figures of one row. */
export interface BenchRow {
  attacker: string
  kind: Attacker['kind']
  /** How many addresses the attacker has, and how many reporters hide a thought. */
  addresses: number
  threshold: number
  /** What pending meant on this wall: a queue decided when room returns, or a wait for the owner. */
  pendingIsAQueue: boolean
  budget: number
  /** Thoughts of the attacker's choosing (its decoys, or the owner's for the spender) hidden automatically, restored ones included. */
  targetsHidden: number
  honestReported: number
  honestWithin2h: number
  /** Minutes from the threshold to leaving the wall, of the honest thoughts that left. */
  medianDelay: number | null
  worstDelay: number | null
  honestLeftUp: number
  restored: number
  restoredHiddenAgain: number
  /** The most automatic hides in any 60 minutes (hides the owner restored, whose budget a queue gives back, left out), and the most the budget's ledger ever held. */
  mostHidesInAnHour: number
  mostInLedger: number
  addressesUsed: number
  answers: string
  seconds: number
}

/**
 * The longest an honestly reported thought waits, in minutes, as the queue promises it against an
 * attacker with `addresses` addresses (docs/moderation.md): an honest thought waits only behind
 * thoughts whose reporters weigh as much (nobody can weigh more than reporters who never helped hide
 * anything), and an attacker has at most one such decoy per `threshold` of its addresses. So: 2 hours,
 * plus an hour of the budget for every budget's worth of such decoys.
 */
export function delayBound(row: BenchRow): number {
  return 120 + 60 * Math.ceil(Math.floor(row.addresses / row.threshold) / row.budget)
}

/** The guarantees of issue 36 a row does not meet, in words; empty when it meets them all. */
export function shortfalls(row: BenchRow): string[] {
  const missed: string[] = []
  if (row.honestReported === 0) missed.push('no honest thought reached the threshold')
  else if (row.honestWithin2h < 0.9 * row.honestReported)
    missed.push(
      `${row.honestWithin2h} of ${row.honestReported} honestly reported thoughts left within 2 h (at least 90 %)`,
    )
  if (Math.max(row.mostHidesInAnHour, row.mostInLedger) > row.budget)
    missed.push(`${Math.max(row.mostHidesInAnHour, row.mostInLedger)} hides in an hour`)
  if (row.restoredHiddenAgain > 0) missed.push(`${row.restoredHiddenAgain} restored hidden again`)
  return missed
}

const minutes = (value: number | null) => (value === null ? '–' : `${value} min`)

/** One printed line of the table. */
export function formatRow(row: BenchRow): string {
  const missed = shortfalls(row)
  return [
    `${row.kind} ${row.attacker}`.padEnd(31),
    `${row.targetsHidden} hidden`.padEnd(11),
    `${row.honestWithin2h}/${row.honestReported} ≤2 h`.padEnd(10),
    `${minutes(row.medianDelay)} / ${minutes(row.worstDelay)}`.padEnd(17),
    `${row.honestLeftUp} left up`.padEnd(11),
    `${row.restoredHiddenAgain}/${row.restored}`.padEnd(8),
    `${row.mostHidesInAnHour} (${row.mostInLedger})`.padEnd(8),
    missed.length === 0 ? 'holds' : 'FAILS',
    `  [${row.addressesUsed} addr; ${row.answers}; ${row.seconds.toFixed(1)} s]`,
  ].join(' ')
}

export const TABLE_HEADER = [
  'attacker'.padEnd(31),
  'its hides'.padEnd(11),
  'honest'.padEnd(10),
  'median / worst'.padEnd(17),
  'at the end'.padEnd(11),
  'restored'.padEnd(8),
  'hour max'.padEnd(8),
  'guarantees',
].join(' ')

async function settingsOf(engine: Engine) {
  const [row] = await engine.transaction((tx) =>
    tx.query<{ budget: number; threshold: number; daily: number; perMinute: number }>(
      `select auto_hides_per_hour as budget, report_threshold as threshold,
              counted_reports_per_day as daily, reports_per_minute as "perMinute"
         from private.void_settings`,
    ),
  )
  return row!
}
type Settings = Awaited<ReturnType<typeof settingsOf>>

/** A small deterministic random number generator (mulberry32), so every run is the same day. */
function random(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** The wall during one simulated day: the clock, what left the wall and when, the answers. */
class Wall {
  /** The simulated minute. */
  minute = 0
  /** The minute the database's stored dates agree with. */
  private dated = 0
  private onWall = new Set<number>()
  /** Automatic hides seen, in order: thought id and minute. */
  readonly hides: { id: number; minute: number }[] = []
  readonly hiddenAt = new Map<number, number>()
  readonly restored = new Set<number>()
  /** Minutes at which the hides in the budget's ledger stop counting. */
  private ledgerFrees: number[] = []
  mostInLedger = 0
  /** The attacker's answers, by status. */
  readonly answers = new Map<number, number>()

  constructor(
    readonly engine: Engine,
    readonly settings: Settings,
  ) {}

  /** Dates what the database stored earlier by the minutes passed since it was last told. */
  private async sync(): Promise<void> {
    if (this.minute > this.dated) {
      await advanceClock(this.engine, `${this.minute - this.dated} minutes`)
      this.dated = this.minute
    }
  }

  private count(status: number, attacker: boolean): void {
    if (attacker) this.answers.set(status, (this.answers.get(status) ?? 0) + 1)
  }

  async report(address: string, thought: number, attacker: boolean): Promise<Answer> {
    await this.sync()
    const answer = await reportFrom(this.engine, address, thought)
    this.count(answer.status, attacker)
    return answer
  }

  /** Offers `count` thoughts from `address` in one request, as the app does; their ids. */
  async offer(address: string, count: number, attacker = false): Promise<number[]> {
    await this.sync()
    const texts = Array.from({ length: count }, (_, i) => `offered at ${this.minute} (${i})`)
    try {
      const rows = await asRequest<{ id: string }>(
        this.engine,
        'insert into public.void_thoughts (text) select unnest($1::text[]) returning id::text as id',
        [texts],
        { headers: from(address) },
      )
      this.count(201, attacker)
      const ids = rows.map((row) => Number(row.id))
      for (const id of ids) this.onWall.add(id)
      return ids
    } catch (error) {
      if (!isDatabaseError(error)) throw error
      this.count(fromDatabaseError(error, 'anon').status, attacker)
      return []
    }
  }

  /** Puts `count` thoughts on the wall as the owner. */
  async seed(count: number): Promise<number[]> {
    await this.sync()
    const ids = await seedThoughts(this.engine, count)
    for (const id of ids) this.onWall.add(id)
    return ids
  }

  /** The owner restores these hidden thoughts, one by one. */
  async restore(ids: number[]): Promise<void> {
    await this.sync()
    for (const id of ids) {
      const [row] = await this.engine.transaction((tx) =>
        tx.query<{ done: boolean }>('select private.restore_thought($1) as done', [id]),
      )
      if (row!.done) {
        this.restored.add(id)
        this.onWall.add(id)
      }
    }
  }

  /** Reads the wall after requests: what left it, and the budget's ledger. */
  async observe(): Promise<void> {
    await this.sync()
    const now = new Set(await wallIds(this.engine))
    for (const id of this.onWall)
      if (!now.has(id)) {
        this.hides.push({ id, minute: this.minute })
        this.hiddenAt.set(id, this.minute)
      }
    this.onWall = now
    const ledger = await this.engine.transaction((tx) =>
      tx.query<{ left: number }>(
        `select ceil(60 - extract(epoch from clock_timestamp() - hidden_at) / 60)::int as left
           from private.void_auto_hides where hidden_at > clock_timestamp() - interval '1 hour'`,
      ),
    )
    this.ledgerFrees = ledger.map((row) => this.minute + row.left)
    this.mostInLedger = Math.max(this.mostInLedger, ledger.length)
  }

  isOnWall(id: number): boolean {
    return this.onWall.has(id)
  }

  /** Room in the hourly budget at `minute`, by the ledger as last read (nothing hides between writes). */
  room(minute = this.minute): number {
    const counting = this.ledgerFrees.filter((free) => free > minute).length
    return Math.max(0, this.settings.budget - counting)
  }
}

/** An attacker's day: `act` runs in every minute `wants` says yes to. */
interface Actor {
  wants(minute: number): boolean
  act(minute: number): Promise<void>
  /** The thoughts it wants hidden. */
  targets: Set<number>
  addressesUsed(): number
}

/** The spender: the budget's worth plus one of other people's thoughts an hour. */
async function makeSpender(wall: Wall, attacker: Attacker, plan: Plan): Promise<Actor> {
  const { budget, threshold } = wall.settings
  const victims = await wall.seed((budget + 1) * plan.hours)
  const sent = new Map<number, number>()
  let next = 0
  let cursor = 0
  const again: number[] = []
  let restoredSeen = false

  /** `threshold` of its addresses that have reported least, none of them twice. */
  const pick = (): number[] => {
    if (attacker.addresses <= 64)
      return [...Array(attacker.addresses).keys()]
        .sort((a, b) => (sent.get(a) ?? 0) - (sent.get(b) ?? 0))
        .slice(0, threshold)
    // Many addresses: fresh ones each time.
    return Array.from({ length: threshold }, () => next++ % attacker.addresses)
  }
  const report = async (thought: number) => {
    for (const i of pick()) {
      await wall.report(attacker.address(i), thought, true)
      sent.set(i, (sent.get(i) ?? 0) + 1)
    }
  }
  return {
    targets: new Set(victims),
    addressesUsed: () => sent.size,
    wants: (minute) =>
      (minute % 60 <= budget && cursor < victims.length) ||
      (minute >= plan.restoreAt && (!restoredSeen || again.length > 0)),
    async act(minute) {
      if (minute >= plan.restoreAt && !restoredSeen) {
        restoredSeen = true
        again.push(...victims.filter((id) => wall.restored.has(id)))
      }
      if (minute % 60 <= budget && cursor < victims.length) await report(victims[cursor++]!)
      // One restored thought a minute, reported again.
      const id = again.shift()
      if (id !== undefined) await report(id)
    },
  }
}

/** One of the burner's addresses, as the burner keeps track of it. */
interface Address {
  i: number
  /** Its reports that spent the daily number. */
  counted: number
  /** Its reports in minute `minute` (the bucket holds reports_per_minute). */
  minute: number
  inMinute: number
  /** It belongs to a queued decoy still waiting, or to one not queued yet: kept out of every hide. */
  reserved: boolean
  /** Thoughts it reported. */
  reported: Set<number>
}

/** The burner: the budget spent on decoys of its own, and, where pending is a queue, decoys ahead. */
function makeBurner(wall: Wall, attacker: Attacker, plan: Plan, queue: boolean): Actor {
  const { budget, threshold, daily, perMinute } = wall.settings
  const addresses: Address[] = Array.from({ length: attacker.addresses }, (_, i) => ({
    i,
    counted: 0,
    minute: -1,
    inMinute: 0,
    reserved: false,
    reported: new Set<number>(),
  }))
  // The first hour's burn takes the fewest addresses; where pending is a queue, the others make up
  // groups of `threshold` that each queue one decoy.
  const burnFirst = Math.min(addresses.length, Math.ceil((budget * threshold) / Math.max(daily, 1)))
  const groups: Address[][] = []
  if (queue)
    for (let start = burnFirst; start + threshold <= addresses.length; start += threshold) {
      const group = addresses.slice(start, start + threshold)
      for (const a of group) a.reserved = true
      groups.push(group)
    }
  let queuedGroups = 0
  const queued = new Map<number, Address[]>()
  const stock: number[] = []
  const primed: { id: number; by: Address[] }[] = []
  const targets = new Set<number>()
  const again: { id: number; left: number }[] = []
  let restoredSeen = false
  let offerer = 0

  const free = (a: Address, minute: number) =>
    perMinute <= 0 || a.minute !== minute || a.inMinute < perMinute
  const canCount = (a: Address) => a.counted < daily

  /** Addresses free to burn that can still count for `thought`: the most used first. */
  const burners = (minute: number, thought: number | null, count: number): Address[] =>
    addresses
      .filter(
        (a) =>
          !a.reserved &&
          canCount(a) &&
          free(a, minute) &&
          (thought === null || !a.reported.has(thought)),
      )
      .sort((a, b) => b.counted - a.counted || a.i - b.i)
      .slice(0, count)

  /** One report; `open`: the thought is on the wall and neither waiting nor decided. */
  const report = async (a: Address, thought: number, minute: number, open: boolean) => {
    if (a.minute !== minute) {
      a.minute = minute
      a.inMinute = 0
    }
    a.inMinute++
    const repeat = a.reported.has(thought)
    const answer = await wall.report(attacker.address(a.i), thought, true)
    if (answer.status === 201 && !repeat) {
      a.reported.add(thought)
      // Where pending is a queue, only reports of open thoughts spend the daily number; before,
      // every report stored did.
      if (open || !queue) a.counted++
    }
  }

  /** Keeps `count` unreported decoys in stock, offered 10 a request from its addresses in turn. */
  const restock = async (count: number) => {
    while (stock.length < count) {
      const ids = await wall.offer(attacker.address(offerer++ % addresses.length), 10, true)
      if (ids.length === 0) return
      for (const id of ids) targets.add(id)
      stock.push(...ids)
    }
  }

  /** Brings one decoy to the threshold: a primed one's last report, or all of them at once. */
  const fire = async (minute: number): Promise<boolean> => {
    for (const [n, decoy] of primed.entries()) {
      const [last] = burners(minute, decoy.id, 1)
      if (!last) continue
      primed.splice(n, 1)
      await report(last, decoy.id, minute, true)
      return true
    }
    const by = burners(minute, null, threshold)
    if (by.length < threshold) return false
    await restock(1)
    const id = stock.shift()
    if (id === undefined) return false
    for (const a of by) await report(a, id, minute, true)
    return true
  }

  /** Primes up to a budget's worth of decoys (one report short), while reports are left to fire them. */
  const prime = async (minute: number) => {
    const spare = () =>
      addresses.filter((a) => !a.reserved).reduce((n, a) => n + Math.max(daily - a.counted, 0), 0)
    while (primed.length < budget && spare() - primed.length >= threshold) {
      const by = burners(minute, null, threshold - 1)
      if (by.length < threshold - 1) return
      await restock(1)
      const id = stock.shift()
      if (id === undefined) return
      for (const a of by) await report(a, id, minute, true)
      primed.push({ id, by })
    }
  }

  /** Reports restored decoys again, from spent addresses first (it costs them nothing). */
  const reportAgain = async (minute: number) => {
    while (again.length > 0) {
      const item = again[0]!
      const chosen = addresses
        .filter((a) => free(a, minute))
        .sort(
          (a, b) =>
            Number(a.reported.has(item.id)) - Number(b.reported.has(item.id)) ||
            Number(canCount(a)) - Number(canCount(b)) ||
            Number(a.reserved) - Number(b.reserved) ||
            b.counted - a.counted ||
            a.i - b.i,
        )
        .slice(0, item.left)
      if (chosen.length === 0) return
      for (const a of chosen) await report(a, item.id, minute, false)
      item.left -= chosen.length
      if (item.left <= 0) again.shift()
    }
  }

  /** A queued decoy that left the wall frees its addresses to burn. */
  const learn = () => {
    for (const [id, group] of queued)
      if (!wall.isOnWall(id)) {
        queued.delete(id)
        for (const a of group) a.reserved = false
      }
  }

  return {
    targets,
    addressesUsed: () => addresses.filter((a) => a.reported.size > 0).length,
    wants: (minute) =>
      minute === 0 ||
      (minute >= plan.restoreAt && !restoredSeen) ||
      again.length > 0 ||
      (wall.room(minute) > 0 && (queued.size > 0 || burners(minute, null, 1).length > 0)),
    async act(minute) {
      learn()
      // Decoys offered first: they have the lowest ids, which win ties in the queue.
      if (minute === 0) await restock(groups.length + 2 * budget)
      if (wall.room(minute) > 0 && queued.size > 0) {
        // Any write decides the queue: an offer lets the queued decoys take the room.
        await restock(stock.length + 1)
        await wall.observe()
        learn()
      }
      for (let room = wall.room(minute); room > 0; room--) if (!(await fire(minute))) break
      if (queuedGroups < groups.length) {
        await wall.observe()
        // The budget is spent: every group of fresh addresses queues one decoy, ahead of anything
        // honest people report later.
        if (wall.room(minute) === 0)
          for (; queuedGroups < groups.length; queuedGroups++) {
            await restock(1)
            const id = stock.shift()
            if (id === undefined) break
            const group = groups[queuedGroups]!
            for (const a of group) await report(a, id, minute, true)
            queued.set(id, group)
          }
      }
      await prime(minute)
      if (minute >= plan.restoreAt && !restoredSeen) {
        restoredSeen = true
        for (const id of wall.restored) if (targets.has(id)) again.push({ id, left: threshold })
      }
      await reportAgain(minute)
    },
  }
}

/** A database with the migrations and the shipped settings, created once and copied for each row. */
async function migratedTemplate(): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'unburden-abuse-moderation-template-'))
  const engine = await openPglite(dataDir)
  try {
    await migrate(engine)
  } finally {
    await engine.close()
  }
  return dataDir
}

/** Runs `work` on a fresh copy of `template`. */
async function withDatabase<T>(template: string, work: (engine: Engine) => Promise<T>): Promise<T> {
  const dataDir = mkdtempSync(join(tmpdir(), 'unburden-abuse-moderation-'))
  cpSync(template, dataDir, { recursive: true })
  const engine = await openPglite(dataDir)
  try {
    return await work(engine)
  } finally {
    await engine.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

/**
 * What pending means on this version of the wall, found as an attacker would, on a wall of its own:
 * with a budget of one hide, a second thought reported enough waits; after an hour and a write, is it
 * still on the wall (it waits for the owner) or gone (the queue took it when room returned)?
 */
export async function pendingIsAQueue(template: string): Promise<boolean> {
  return withDatabase(template, async (engine) => {
    // Its own install: a budget of one hide.
    await engine.transaction((tx) =>
      tx.query('update private.void_settings set auto_hides_per_hour = 1'),
    )
    const [first, second] = await seedThoughts(engine, 2)
    for (const [n, thought] of [first!, second!].entries())
      for (const i of [1, 2, 3]) await reportFrom(engine, `192.0.2.${n * 3 + i}`, thought)
    if ((await wallIds(engine)).join() !== String(second))
      throw new Error('The probe expected one thought hidden and one waiting')
    await advanceClock(engine, '61 minutes')
    await answerOf(engine, `insert into public.void_thoughts (text) values ('a write')`, [], {
      headers: from('192.0.2.99'),
    })
    return !(await wallIds(engine)).includes(second!)
  })
}

/** One attacker's simulated day, on a fresh database. */
async function simulateDay(
  template: string,
  attacker: Attacker,
  plan: Plan,
  queue: boolean,
): Promise<BenchRow> {
  return withDatabase(template, async (engine) => {
    const started = performance.now()
    const settings = await settingsOf(engine)
    const wall = new Wall(engine, settings)
    await wall.observe()
    const actor =
      attacker.kind === 'spender'
        ? await makeSpender(wall, attacker, plan)
        : makeBurner(wall, attacker, plan, queue)

    // Abusive thoughts at spread-out times, each reported by 3 people on 3 networks within 5 minutes.
    const next = random(36)
    const spacing = Math.floor((plan.honestHours * 60) / plan.honest)
    const honest = Array.from({ length: plan.honest }, (_, k) => ({
      at: k * spacing + Math.floor(next() * (spacing - 6)),
      by: [`192.0.2.${k + 1}`, `203.0.113.${k + 1}`, `2001:db8:${(0x1000 + k).toString(16)}::1`],
      id: 0,
      reached: null as number | null,
    }))
    const REPORTED_AFTER = [2, 3, 5]
    let visitors = 0

    const end = plan.hours * 60
    for (let minute = 0; minute < end; minute++) {
      wall.minute = minute
      let wrote = false
      if (minute === plan.restoreAt) {
        // The owner restores every thought of the attacker's choosing hidden by now.
        await wall.restore(
          [...actor.targets].filter((id) => wall.hiddenAt.has(id) && !wall.isOnWall(id)),
        )
        await wall.observe()
        wrote = true
      }
      if (actor.wants(minute)) {
        await actor.act(minute)
        wrote = true
      }
      for (const [k, thought] of honest.entries()) {
        if (minute === thought.at) {
          thought.id = (await wall.offer(`100.65.${k}.1`, 1))[0] ?? 0
          wrote = true
        }
        const nth = REPORTED_AFTER.indexOf(minute - thought.at)
        if (nth >= 0 && thought.id) {
          const answer = await wall.report(thought.by[nth]!, thought.id, false)
          if (nth === REPORTED_AFTER.length - 1 && answer.status === 201) thought.reached = minute
          wrote = true
        }
      }
      if (minute % plan.visitorsEvery === 7) {
        visitors++
        await wall.offer(`100.64.${Math.floor(visitors / 250)}.${(visitors % 250) + 1}`, 1)
        wrote = true
      }
      if (wrote) await wall.observe()
    }

    const onWall = new Set(await wallIds(engine))
    const reached = honest.filter((thought) => thought.reached !== null)
    const delays = reached
      .filter((thought) => wall.hiddenAt.has(thought.id))
      .map((thought) => wall.hiddenAt.get(thought.id)! - thought.reached!)
      .sort((a, b) => a - b)
    // Hides per rolling hour, leaving out those the owner restored (a queue gives their budget back).
    const counted = wall.hides.filter(
      (hide) => !(wall.restored.has(hide.id) && hide.minute <= plan.restoreAt),
    )
    const mostHidesInAnHour = Math.max(
      0,
      ...counted.map(
        (hide) =>
          counted.filter((other) => other.minute > hide.minute - 60 && other.minute <= hide.minute)
            .length,
      ),
    )
    return {
      attacker: attacker.label,
      kind: attacker.kind,
      addresses: attacker.addresses,
      threshold: settings.threshold,
      pendingIsAQueue: queue,
      budget: settings.budget,
      targetsHidden: [...actor.targets].filter((id) => wall.hiddenAt.has(id)).length,
      honestReported: reached.length,
      honestWithin2h: delays.filter((delay) => delay <= 120).length,
      medianDelay: delays.length > 0 ? delays[Math.floor((delays.length - 1) / 2)]! : null,
      worstDelay: delays.length > 0 ? delays.at(-1)! : null,
      honestLeftUp: honest.filter((thought) => thought.id && onWall.has(thought.id)).length,
      restored: wall.restored.size,
      restoredHiddenAgain: [...wall.restored].filter((id) => !onWall.has(id)).length,
      mostHidesInAnHour,
      mostInLedger: wall.mostInLedger,
      addressesUsed: actor.addressesUsed(),
      answers: [...wall.answers]
        .sort(([a], [b]) => a - b)
        .map(([status, n]) => `${status} ×${n}`)
        .join(', '),
      seconds: (performance.now() - started) / 1000,
    }
  })
}

/** The bench's size from BENCH_SIZE (`full` when unset). */
export function benchSize(): BenchSize {
  const size = process.env.BENCH_SIZE ?? 'full'
  if (size !== 'full' && size !== 'small')
    throw new Error(`BENCH_SIZE is full or small, not ${size}`)
  return size
}

/** Runs every row of `size`, printing each line as it comes when `print` is given. */
export async function runModerationBench(
  size: BenchSize,
  print: (line: string) => void = () => {},
): Promise<BenchRow[]> {
  const plan = PLANS[size]
  const template = await migratedTemplate()
  try {
    const queue = await pendingIsAQueue(template)
    const settings = await withDatabase(template, settingsOf)
    print(
      `moderation (${size}): a simulated day of ${plan.hours} h on a wall with the shipped settings (budget ${settings.budget} hides an hour, threshold ${settings.threshold}, ${settings.daily} counted reports a reporter a day, ${settings.perMinute} reports a minute); pending ${queue ? 'is a queue, decided when room returns' : 'waits for the owner, never hidden automatically'}`,
    )
    print(
      `  honest: ${plan.honest} abusive thoughts, each reported by 3 people within 5 minutes; a visitor offers every ${plan.visitorsEvery} minutes; at ${plan.restoreAt / 60}:00 the owner restores the attacker's hides`,
    )
    print(
      `  columns: its hides (its own decoys for the burner, the owner's thoughts for the spender); honest hidden within 2 h of the threshold / reported; median / worst delay of those hidden; honest thoughts still up at the end; restored hidden again / restored; most hides in any hour (most in the budget's ledger)`,
    )
    print(`  ${TABLE_HEADER}`)
    const rows: BenchRow[] = []
    for (const attacker of plan.attackers) {
      const row = await simulateDay(template, attacker, plan, queue)
      print(`  ${formatRow(row)}`)
      rows.push(row)
    }
    return rows
  } finally {
    rmSync(template, { recursive: true, force: true })
  }
}

/** Runs the moderation part of `npm run bench:abuse` and prints its table. */
export async function moderationBench(): Promise<void> {
  const started = performance.now()
  await runModerationBench(benchSize(), (line) => console.log(line))
  console.log(`  (${((performance.now() - started) / 1000).toFixed(0)} s in all)`)
}

/**
 * Offers from the /64s of one IPv6 /48 (a free tunnel broker's allocation holds 65,536 of them),
 * within one minute: each /64 sends one request of `writes_per_minute` rows, as PostgREST runs it
 * with the edge's headers, on a fresh PGlite with the migrations and the hosted limit of 10 a minute.
 * Prints the rows stored and the rate; the /48's own limit (offers_48_in_64s × writes_per_minute)
 * is what holds it, where the migrations have one.
 */
export async function offersFromOne48(sixtyFours = Number(process.env.ABUSE_64S ?? 1000)): Promise<{
  stored: number
  seconds: number
}> {
  const template = await migratedTemplate()
  try {
    return await withDatabase(template, async (engine) => {
      await engine.transaction((tx) =>
        tx.query('update private.void_settings set writes_per_minute = 10'),
      )
      const started = performance.now()
      for (let i = 0; i < sixtyFours; i++)
        await answerOf(
          engine,
          `insert into public.void_thoughts (text) select 'flood' from generate_series(1, 10)`,
          [],
          { headers: from(`2001:db8:77:${i.toString(16)}::1`) },
        )
      const seconds = (performance.now() - started) / 1000
      const [row] = await engine.transaction((tx) =>
        tx.query<{ n: number }>('select count(*)::int as n from public.void_thoughts'),
      )
      return { stored: row!.n, seconds }
    })
  } finally {
    rmSync(template, { recursive: true, force: true })
  }
}
