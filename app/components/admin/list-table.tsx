import type { ReactNode } from "react";

/** A column's heading: its name, or a name only a screen reader hears (a checkbox column) with its own classes. */
export type ColumnHead = string | { label: string; srOnly: true; className: string };

/** A back-office table's heading row, one `th` a column. */
export function ColumnHeads({ columns }: { columns: readonly ColumnHead[] }) {
  return (
    <thead className="border-b border-line bg-surface text-xs uppercase tracking-wide text-muted">
      <tr>
        {columns.map((column) =>
          typeof column === "string" ? (
            <th key={column} scope="col" className="px-3 py-2 font-semibold">
              {column}
            </th>
          ) : (
            <th key={column.label} scope="col" className={column.className}>
              <span className="sr-only">{column.label}</span>
            </th>
          ),
        )}
      </tr>
    </thead>
  );
}

/**
 * A back-office list's rows: a table from `sm` up (scrolling sideways inside its box when narrower than
 * `minWidth`, a literal `sm:min-w-[...]` class), stacked into cards below it (`stacked-table`, the cells' data-label).
 * `positioned` makes the box the containing block for what its cells place absolutely.
 */
export function ListTable({
  caption,
  columns,
  minWidth,
  positioned = false,
  children,
}: {
  caption: string;
  columns: readonly ColumnHead[];
  minWidth: string;
  positioned?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={`${positioned ? "relative " : ""}rounded-lg border border-line bg-white sm:overflow-x-auto`}>
      <table className={`stacked-table w-full text-left text-sm ${minWidth}`}>
        <caption className="sr-only">{caption}</caption>
        <ColumnHeads columns={columns} />
        <tbody className="divide-y divide-line">{children}</tbody>
      </table>
    </div>
  );
}
