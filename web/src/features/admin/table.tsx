import type { ReactNode, TdHTMLAttributes, ThHTMLAttributes } from "react"
import { cn } from "../../lib/cn.ts"

/** A real table (screen readers and tests read it by rows and headers), scrolling sideways if narrow. */
export const Table = ({
  caption,
  head,
  children,
}: {
  readonly caption: string
  readonly head: ReadonlyArray<string>
  readonly children: ReactNode
}) => (
  <div className="overflow-x-auto rounded-xl border border-line">
    <table className="w-full text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead className="bg-ink/50 text-xs text-faint">
        <tr>
          {head.map((label) => (
            <Th key={label}>{label}</Th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-line">{children}</tbody>
    </table>
  </div>
)

const Th = ({ className, ...props }: ThHTMLAttributes<HTMLTableCellElement>) => (
  <th
    scope="col"
    className={cn("px-3 py-2 font-semibold whitespace-nowrap", className)}
    {...props}
  />
)

export const Td = ({ className, ...props }: TdHTMLAttributes<HTMLTableCellElement>) => (
  <td className={cn("px-3 py-2 align-top", className)} {...props} />
)
