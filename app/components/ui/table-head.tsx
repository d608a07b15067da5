/** One column heading: its text, and its own classes (padding, alignment). */
export type TableColumn = { label: string; className?: string };

/** A table's row of column headings (`scope="col"`), with the classes of the head and of its row. */
export function TableHead({ columns, className, rowClassName }: { columns: TableColumn[]; className?: string; rowClassName?: string }) {
  return (
    <thead className={className}>
      <tr className={rowClassName}>
        {columns.map((column) => (
          <th key={column.label} scope="col" className={column.className}>
            {column.label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
