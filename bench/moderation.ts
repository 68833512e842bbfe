/**
 * The moderation part of `npm run bench:abuse`: one attacker against the wall for a simulated day,
 * with 3 addresses, 50 addresses, and 65,536 addresses that are the /64s of one IPv6 /48. Reports run
 * as PostgREST runs them (one transaction per request, request.headers as Supabase's edge sets them)
 * on an in-process PGlite with the migrations and the shipped settings; an hour passes through the
 * owner's clock_offset, which every limit reads, so a day takes seconds.
 *
 * The attacker is the strongest we know within the limits: each hour it spends at most the budget's
 * worth of thoughts plus one (a thought reported enough beyond the budget waits for the owner and
 * can never be hidden automatically, so more would only waste reports), each thought reported by the
 * threshold's number of its addresses that have reported least today, a minute apart so no bucket
 * runs dry. At noon the owner restores every thought it hid, and it reports each of them again from
 * the threshold's number of its addresses. At 06:00, three honest people on three networks report
 * one thought.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openPglite, type Engine } from '../server/engine'
import { migrate } from '../server/migrations'
import {
  advanceClock,
  reportFrom,
  reviewList,
  seedThoughts,
  wallIds,
} from '../tests/fixtures/moderation'

interface Attacker {
  label: string
  /** How many addresses it has. */
  addresses: number
  /** Address number `i`, as the edge passes it. */
  address: (i: number) => string
}

const ATTACKERS: Attacker[] = [
  { label: '3 addresses', addresses: 3, address: (i) => `198.51.100.${i + 1}` },
  {
    label: '50 addresses',
    addresses: 50,
    address: (i) => `${10 + Math.floor(i / 10)}.${i % 10}.0.1`,
  },
  {
    label: '65,536 /64s of one /48',
    addresses: 65_536,
    address: (i) => `2001:db8:77:${i.toString(16)}::1`,
  },
]

const HONEST = ['192.0.2.10', '203.0.113.20', '2001:db8:aaaa::1']
const VICTIMS = 400

async function settings(engine: Engine) {
  const [row] = await engine.transaction((tx) =>
    tx.query<{ budget: number; threshold: number; daily: number }>(
      `select auto_hides_per_hour as budget, report_threshold as threshold,
              counted_reports_per_day as daily from private.void_settings`,
    ),
  )
  return row!
}

async function simulateDay(engine: Engine, attacker: Attacker) {
  const { budget, threshold } = await settings(engine)
  const victims = await seedThoughts(engine, VICTIMS)
  const [genuine] = await seedThoughts(engine, 1)
  const sent = new Map<number, number>() // reports by address number, today
  const answers = new Map<number, number>()
  let next = 0 // the next address number never used (for attackers with more than it needs)
  const restored: number[] = []
  const hiddenByAttacker = new Set<number>()
  let honest = 'not reported'

  /** `threshold` of the attacker's addresses that have reported least, none of them twice. */
  const pick = (): number[] => {
    if (attacker.addresses <= 64) {
      return [...Array(attacker.addresses).keys()]
        .sort((a, b) => (sent.get(a) ?? 0) - (sent.get(b) ?? 0))
        .slice(0, threshold)
    }
    // Many addresses: fresh ones each time.
    return Array.from({ length: threshold }, () => next++ % attacker.addresses)
  }
  const report = async (address: number, thought: number) => {
    const answer = await reportFrom(engine, attacker.address(address), thought)
    sent.set(address, (sent.get(address) ?? 0) + 1)
    answers.set(answer.status, (answers.get(answer.status) ?? 0) + 1)
  }

  let cursor = 0
  for (let hour = 0; hour < 24; hour++) {
    if (hour === 6) {
      for (const address of HONEST) await reportFrom(engine, address, genuine!)
      honest = (await wallIds(engine)).includes(genuine!) ? 'pending (stays on the wall)' : 'hidden'
    }
    if (hour === 12) {
      const onWall = new Set(await wallIds(engine))
      for (const id of victims)
        if (!onWall.has(id)) {
          await engine.transaction((tx) => tx.query('select private.restore_thought($1)', [id]))
          restored.push(id)
        }
    }
    let minutes = 0
    for (let target = 0; target <= budget && cursor < victims.length; target++, cursor++) {
      for (const address of pick()) await report(address, victims[cursor]!)
      await advanceClock(engine, '1 minute')
      minutes++
    }
    if (hour === 12)
      for (const id of restored) {
        for (const address of pick()) await report(address, id)
        await advanceClock(engine, '1 minute')
        minutes++
      }
    await advanceClock(engine, `${60 - minutes} minutes`)
  }

  const onWall = new Set(await wallIds(engine))
  for (const id of victims) if (!onWall.has(id) && !restored.includes(id)) hiddenByAttacker.add(id)
  const review = await reviewList(engine)
  return {
    hidden: hiddenByAttacker.size + restored.length,
    restoredHiddenAgain: restored.filter((id) => !onWall.has(id)).length,
    restored: restored.length,
    pending: review.filter((row) => row.status === 'pending').length,
    honest,
    addressesUsed: sent.size,
    requests: [...answers]
      .sort(([a], [b]) => a - b)
      .map(([status, n]) => `${status} ×${n}`)
      .join(', '),
  }
}

/** Runs the moderation part and prints its figures. */
export async function moderationBench(): Promise<void> {
  for (const attacker of ATTACKERS) {
    const dataDir = mkdtempSync(join(tmpdir(), 'unburden-abuse-moderation-'))
    const engine = await openPglite(dataDir)
    try {
      await migrate(engine)
      const { budget, threshold, daily } = await settings(engine)
      const day = await simulateDay(engine, attacker)
      console.log(
        `moderation, attacker with ${attacker.label.padEnd(24)} ${day.hidden} thoughts hidden automatically in a simulated day (budget ${budget} an hour, ${budget * 24} a day; threshold ${threshold}, ${daily} counted reports a reporter a day); restored thoughts hidden again: ${day.restoredHiddenAgain} of ${day.restored}; pending for the owner: ${day.pending}; 3 honest reporters at 06:00: ${day.honest}; reports sent from ${day.addressesUsed} addresses: ${day.requests}`,
      )
    } finally {
      await engine.close()
      rmSync(dataDir, { recursive: true, force: true })
    }
  }
}
