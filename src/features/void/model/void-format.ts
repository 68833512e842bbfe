/** How The Void writes its count line (SPEC.md "The Void"). */

/** The count line above the wall: "1 thought • Anonymous", "{n} thoughts • Anonymous". */
export function voidCountLine(total: number): string {
  return `${total} ${total === 1 ? 'thought' : 'thoughts'} • Anonymous`
}
