/** How The Void writes its count line (docs/product.md, specification 2, "The Void"). */
import { translator } from '../../../i18n/i18n'
import { VOID_MESSAGES } from '../../../i18n/messages/void'

const t = translator(VOID_MESSAGES)

/** The count line above the wall: "1 thought • Anonymous", "{n} thoughts • Anonymous". */
export function voidCountLine(total: number): string {
  return t('void.count', { n: total })
}
