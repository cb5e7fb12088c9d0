// A history row's direction as an icon: in, out, a move between one's own wallets, a fee. The
// words beside it say the same, so the icon is hidden from screen readers.
import ArrowDownLeft from 'lucide-react/icons/arrow-down-left'
import ArrowLeftRight from 'lucide-react/icons/arrow-left-right'
import ArrowUpRight from 'lucide-react/icons/arrow-up-right'
import Receipt from 'lucide-react/icons/receipt'
import type { RowDirection } from '../lib/rowText'

const ICONS = { in: ArrowDownLeft, out: ArrowUpRight, move: ArrowLeftRight, fee: Receipt }

export function RowIcon({ direction }: { direction: RowDirection }) {
  const Icon = ICONS[direction]
  return (
    <span className={`row-icon ${direction}`} aria-hidden>
      <Icon size={16} aria-hidden />
    </span>
  )
}
