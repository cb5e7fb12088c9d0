// A history row's direction as an icon: in, out, a move between one's own wallets, a fee. The
// words beside it say the same, so the icon is hidden from screen readers. The shape is a CSS mask
// chosen by class (styles.css, .row-icon): a page change that turns a row from in to out changes
// one class instead of an SVG tree, which keeps paging at its speed (docs/ledger.md).
import type { RowDirection } from '../lib/rowText'

export function RowIcon({ direction }: { direction: RowDirection }) {
  return <span className={`row-icon ${direction}`} aria-hidden />
}
