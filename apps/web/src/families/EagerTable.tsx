import type { FamilyView } from "@maumau/engine";
import ClassicTable, { type TableProps } from "../table/ClassicTable";
import HeulDochTable from "../table/HeulDochTable";

/**
 * For tests: the table of a view's family, loaded at once (the page's `FamilyTable` loads it as
 * a lazy chunk, which a synchronous render does not wait for).
 */
export function EagerTable(props: TableProps & { readonly view: FamilyView }) {
  const { view, ...table } = props;
  switch (view.family) {
    case "classic":
      return <ClassicTable {...table} view={view} />;
    case "heul-doch":
      return <HeulDochTable {...table} view={view} />;
  }
}
