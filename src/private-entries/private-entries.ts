/**
 * The door of the private entries (docs/product.md's "Private entry", shown at /return): what the
 * rest of the app imports of this module. The store takes its slice, the writer asks the browser to
 * keep them; the storage and the lock are loaded by the app's wiring with `import()` (src/app), so
 * nothing here weighs on the writer's first paint beyond the slice.
 */
export {
  createPrivateEntriesSlice,
  type PrivateEntriesSlice,
  type PrivateEntry,
} from './private-entries-slice'
export { askToPersist } from './persistence'
