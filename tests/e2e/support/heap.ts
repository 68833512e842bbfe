/**
 * What a page's JavaScript heap still holds: a heap snapshot (Chromium's DevTools protocol) after a
 * full garbage collection, searched for strings that are reachable from the heap's roots by strong
 * references. Weak ones (an external string cache, for instance) are left out: the next collection
 * frees what they hold, and nothing in the page can reach it any more.
 */
import type { Page } from '@playwright/test'

interface Snapshot {
  snapshot: {
    meta: {
      node_fields: string[]
      node_types: [string[]]
      edge_fields: string[]
      edge_types: [string[]]
    }
  }
  nodes: number[]
  edges: number[]
  strings: string[]
}

/** Which of `needles` are in strings the page's heap still holds strongly. */
export async function heldInHeap(page: Page, needles: string[]): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page)
  let json = ''
  cdp.on('HeapProfiler.addHeapSnapshotChunk', ({ chunk }) => (json += chunk))
  await cdp.send('HeapProfiler.enable')
  await cdp.send('HeapProfiler.collectGarbage')
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false })
  await cdp.detach()
  const { snapshot, nodes, edges, strings } = JSON.parse(json) as Snapshot
  const { meta } = snapshot
  const nodeSize = meta.node_fields.length
  const edgeSize = meta.edge_fields.length
  const nameAt = meta.node_fields.indexOf('name')
  const typeAt = meta.node_fields.indexOf('type')
  const edgeCountAt = meta.node_fields.indexOf('edge_count')
  const edgeTypeAt = meta.edge_fields.indexOf('type')
  const toAt = meta.edge_fields.indexOf('to_node')
  const weak = meta.edge_types[0].indexOf('weak')
  const stringTypes = new Set(
    ['string', 'concatenated string', 'sliced string'].map((name) =>
      meta.node_types[0].indexOf(name),
    ),
  )
  const count = nodes.length / nodeSize
  const firstEdge = new Int32Array(count + 1)
  for (let node = 0, edge = 0; node < count; node++) {
    firstEdge[node] = edge
    edge += nodes[node * nodeSize + edgeCountAt]! * edgeSize
  }
  firstEdge[count] = edges.length
  // Breadth-first from the root (node 0), over strong edges only.
  const reached = new Uint8Array(count)
  const queue = [0]
  reached[0] = 1
  const found = new Set<string>()
  while (queue.length > 0) {
    const node = queue.pop()!
    if (stringTypes.has(nodes[node * nodeSize + typeAt]!)) {
      const text = strings[nodes[node * nodeSize + nameAt]!] ?? ''
      for (const needle of needles) if (text.includes(needle)) found.add(needle)
    }
    for (let edge = firstEdge[node]!; edge < firstEdge[node + 1]!; edge += edgeSize) {
      if (edges[edge + edgeTypeAt] === weak) continue
      const to = edges[edge + toAt]! / nodeSize
      if (!reached[to]) {
        reached[to] = 1
        queue.push(to)
      }
    }
  }
  return needles.filter((needle) => found.has(needle))
}
