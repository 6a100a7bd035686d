import { type ReactNode, useLayoutEffect, useRef } from 'react';
import '../styles/card-table.css';

type Props = {
  /** The table's accessible name (a hidden caption). */
  caption: string;
  /** The column headers; an empty one (an actions column, say) gives its cells no label on a phone. */
  headers: string[];
  /** The body's rows: `<tr>` elements, or components rendering them, one cell per header (colSpan counts). */
  children: ReactNode;
  className?: string;
  /** Shows the caption above the table instead of keeping it for assistive technology only. */
  captionShown?: boolean;
  /** The id of a note that explains the table. */
  describedBy?: string;
};

/**
 * The one table of the manager and admin areas (issue 21 point 1): a table from the medium breakpoint up, a list of
 * cards below it, each cell on its own line under its column's name, with the same actions. The names are written
 * onto the cells from `headers`, so a page writes its rows once, as table rows, and cannot forget a label.
 */
export function CardTable({ caption, headers, children, className, captionShown = false, describedBy }: Props) {
  const table = useRef<HTMLTableElement>(null);
  // Every render: rows come and go with paging and filters, and the headers change with the language.
  useLayoutEffect(() => {
    if (table.current) labelCells(table.current, headers);
  });
  return (
    // A table wider than its column scrolls inside this group, which the keyboard can reach (axe scrollable-region-focusable);
    // a group, not a region: a page section named like the table would make two landmarks of one name (landmark-unique).
    // biome-ignore lint/a11y/noNoninteractiveTabindex: see above.
    <div className="card-table-wrap" role="group" aria-label={caption} tabIndex={0}>
      <table ref={table} className={className ? `card-table ${className}` : 'card-table'} aria-describedby={describedBy}>
        <caption className={captionShown ? undefined : 'visually-hidden'}>{caption}</caption>
        <thead>
          <tr>
            {headers.map((header, index) => (
              <th key={index} scope="col">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** Writes each body cell's column name into `data-label`, which the phone layout shows before the cell's content. */
export function labelCells(table: HTMLTableElement, headers: readonly string[]): void {
  for (const row of Array.from(table.querySelectorAll(':scope > tbody > tr'))) {
    let column = 0;
    for (const cell of Array.from(row.querySelectorAll<HTMLTableCellElement>(':scope > td, :scope > th'))) {
      const label = headers[column] ?? '';
      if (cell.getAttribute('data-label') !== label) cell.setAttribute('data-label', label);
      column += Math.max(1, cell.colSpan);
    }
  }
}
