import type { BackupScope } from "@planum/contracts";
import { type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../platform/db.js";
import { execRows } from "../../platform/sql.js";

/** A foreign key of the database as the catalog describes it. */
export interface ForeignKey {
  child: string;
  parent: string;
  columns: string[];
  parentColumns: string[];
  /** `c` cascade, `n` set null, `a`/`r` no action or restrict, `d` set default. */
  onDelete: string;
}

export interface TableInfo {
  name: string;
  /** Columns a row is written with: generated columns are computed again. */
  columns: string[];
  primaryKey: string[];
  /** Primary key columns that take a value from a sequence (identity or serial): a copy draws new ones. */
  sequenced: string[];
  hasSpaceId: boolean;
}

export interface Catalog {
  tables: Map<string, TableInfo>;
  foreignKeys: ForeignKey[];
}

/**
 * Tables a backup never holds though their rows hang on the space: the backups themselves, and the licences (the
 * vendor's grant of today, not data of the schedules — a restore must not bring back an expired one).
 */
const NOT_BACKED_UP = new Set([
  "backups",
  "backup_schedules",
  "licences",
  "licence_requests",
  // Credentials to and from other installations: never carried to a restore or to another installation.
  "remote_installations",
  "remote_export_tokens",
]);

/**
 * References the database holds without a foreign key (set-based integrity: docs/architecture.md, "Links without
 * per-row foreign keys"), declared here so a backup follows them as it follows keys: the rows are in the scope,
 * restored after their parents, and a copy's rows take the new ids of what they refer to.
 */
const DECLARED_KEYS: ForeignKey[] = [
  { child: "directory_rows", parent: "directories", columns: ["directory_id"], parentColumns: ["id"], onDelete: "c" },
  { child: "directory_rows", parent: "directory_rows", columns: ["parent_id"], parentColumns: ["id"], onDelete: "c" },
  {
    child: "wbs_directory_links",
    parent: "wbs_items",
    columns: ["item_id", "version_id", "space_id"],
    parentColumns: ["id", "version_id", "space_id"],
    onDelete: "c",
  },
  { child: "wbs_directory_links", parent: "directory_rows", columns: ["row_id"], parentColumns: ["id"], onDelete: "c" },
  { child: "bim_link_relations", parent: "bim_links", columns: ["link_id"], parentColumns: ["id"], onDelete: "c" },
  { child: "bim_link_relations", parent: "bim_models", columns: ["model_id"], parentColumns: ["id"], onDelete: "c" },
  { child: "bim_link_relations", parent: "wbs_items", columns: ["item_id"], parentColumns: ["id"], onDelete: "c" },
];

const ROOTS: Record<BackupScope, string> = { space: "spaces", project: "eps_nodes", schedule: "schedules" };

/**
 * The database's own description of its tables and foreign keys, read once per process (the schema changes only by
 * migrations, which run before the server starts). A backup follows the foreign keys instead of a hand-kept list of
 * tables, so a table added by a later migration is backed up and restored without anybody remembering to.
 */
let cached: Promise<Catalog> | null = null;
export function readCatalog(db: DbOrTx): Promise<Catalog> {
  cached ??= loadCatalog(db).catch((error) => {
    cached = null;
    throw error;
  });
  return cached;
}

async function loadCatalog(db: DbOrTx): Promise<Catalog> {
  const columns = (
    await execRows(
      db,
      sql`select c.relname as table, a.attname as column, a.attgenerated <> '' as generated,
                 (a.attidentity <> '' or coalesce(pg_get_expr(d.adbin, d.adrelid), '') like 'nextval(%') as sequenced
            from pg_class c
            join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
            join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
            left join pg_attrdef d on d.adrelid = c.oid and d.adnum = a.attnum
           where c.relkind in ('r', 'p') and not c.relispartition
           order by c.relname, a.attnum`,
    )
  ).rows as { table: string; column: string; generated: boolean; sequenced: boolean }[];
  const keys = (
    await execRows(
      db,
      sql`select con.contype as kind, cl.relname as child, pcl.relname as parent, con.confdeltype as on_delete,
                 array(select a.attname::text from unnest(con.conkey) with ordinality k(n, i)
                         join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.n order by k.i) as columns,
                 array(select a.attname::text from unnest(con.confkey) with ordinality k(n, i)
                         join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.n order by k.i) as parent_columns
            from pg_constraint con
            join pg_class cl on cl.oid = con.conrelid and not cl.relispartition
            join pg_namespace n on n.oid = cl.relnamespace and n.nspname = 'public'
            left join pg_class pcl on pcl.oid = con.confrelid
           where con.contype in ('f', 'p') and con.conparentid = 0`,
    )
  ).rows as {
    kind: string;
    child: string;
    parent: string | null;
    on_delete: string;
    columns: string[];
    parent_columns: string[] | null;
  }[];
  const tables = new Map<string, TableInfo>();
  const sequencedColumns = new Set<string>();
  for (const row of columns) {
    const table = tables.get(row.table) ?? {
      name: row.table,
      columns: [],
      primaryKey: [],
      sequenced: [],
      hasSpaceId: false,
    };
    tables.set(row.table, table);
    if (row.generated) continue;
    table.columns.push(row.column);
    if (row.column === "space_id") table.hasSpaceId = true;
    if (row.sequenced) sequencedColumns.add(`${row.table}.${row.column}`);
  }
  const foreignKeys: ForeignKey[] = [];
  for (const key of keys) {
    const table = tables.get(key.child);
    if (!table) continue;
    if (key.kind === "p") {
      table.primaryKey = key.columns;
      table.sequenced = key.columns.filter((column) => sequencedColumns.has(`${key.child}.${column}`));
    } else if (key.parent && key.parent_columns) {
      foreignKeys.push({
        child: key.child,
        parent: key.parent,
        columns: key.columns,
        parentColumns: key.parent_columns,
        onDelete: key.on_delete,
      });
    }
  }
  for (const key of DECLARED_KEYS) if (tables.has(key.child) && tables.has(key.parent)) foreignKeys.push(key);
  return { tables, foreignKeys };
}

/** One table of a backup's scope and how its rows are found. */
export interface ScopeTable {
  info: TableInfo;
  /** The rows of the scope, as a condition on the table's alias `t`. */
  where: SQL;
  /** Foreign keys of the table (self references apart), in scope or not: a restored row must find its parent. */
  parents: ForeignKey[];
  /** The key to itself (a tree: EPS nodes, WBS items): parents go in before their children. */
  selfKeys: ForeignKey[];
}

export interface Scope {
  scope: BackupScope;
  rootTable: string;
  /** Parents before children. */
  tables: ScopeTable[];
}

const ident = (name: string) => sql.identifier(name);
const columnList = (columns: string[], alias?: string) =>
  sql.join(
    columns.map((column) => (alias ? sql`${ident(alias)}.${ident(column)}` : ident(column))),
    sql`, `,
  );

/**
 * The tables a backup of `scope` holds, parents first, each with the condition that finds its rows: the root row
 * (and, for a project, the nodes under it), then every row that hangs on a row of the scope through a foreign key —
 * the same rows a deletion of the root would take with it. Within a space, a table with `space_id` is also filtered
 * by it (indexes, and no row of another space can ever be reached).
 */
export function scopeOf(catalog: Catalog, scope: BackupScope, rootId: string, spaceId: string): Scope {
  const rootTable = ROOTS[scope];
  const reached = new Set([rootTable]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const key of catalog.foreignKeys) {
      if (reached.has(key.parent) && !reached.has(key.child) && !NOT_BACKED_UP.has(key.child)) {
        reached.add(key.child);
        grew = true;
      }
    }
  }
  const order = parentsFirst(catalog, reached, rootTable);
  const where = new Map<string, SQL>();
  const tables: ScopeTable[] = [];
  for (const name of order) {
    const info = catalog.tables.get(name);
    if (!info) continue;
    const keys = catalog.foreignKeys.filter((key) => key.child === name);
    const selfKeys = keys.filter((key) => key.parent === name);
    const parents = keys.filter((key) => key.parent !== name);
    const inSpace = info.hasSpaceId ? sql`t.space_id = ${spaceId}` : sql`true`;
    let condition: SQL;
    if (name === rootTable) {
      condition = rootCondition(info, selfKeys, rootId, scope);
    } else if (scope === "space" && info.hasSpaceId) {
      condition = inSpace;
    } else {
      const links = parents
        .filter((key) => where.has(key.parent))
        .map((key) => {
          const parentWhere = where.get(key.parent) as SQL;
          return sql`(${columnList(key.columns, "t")}) in (select ${columnList(key.parentColumns, "t")} from ${ident(key.parent)} t where ${parentWhere})`;
        });
      condition = sql`${inSpace} and (${sql.join(links, sql` or `)})`;
    }
    // The backup area holds the backups themselves and temp only passing files: a space keeps its documents.
    if (name === "stored_files") condition = sql`${condition} and t.area = 'documents'`;
    where.set(name, condition);
    tables.push({ info, where: condition, parents, selfKeys });
  }
  return { scope, rootTable, tables };
}

/** The root row, and for a project the nodes below it (a project's node may hold sub-nodes). */
function rootCondition(info: TableInfo, selfKeys: ForeignKey[], rootId: string, scope: BackupScope): SQL {
  const self = selfKeys[0];
  if (scope !== "project" || !self || self.columns.length !== 1) return sql`t.id = ${rootId}`;
  const [column] = self.columns;
  const [parentColumn] = self.parentColumns;
  return sql`t.${ident(parentColumn)} in (
    with recursive tree as (
      select n.${ident(parentColumn)} as id from ${ident(info.name)} n where n.id = ${rootId}
      union select n.${ident(parentColumn)} from ${ident(info.name)} n join tree on n.${ident(column)} = tree.id
    ) select id from tree)`;
}

/** The scope's tables ordered so that each comes after every table it refers to (a cycle is cut where it closes). */
function parentsFirst(catalog: Catalog, reached: Set<string>, rootTable: string): string[] {
  const order: string[] = [];
  const state = new Map<string, "visiting" | "done">();
  const visit = (name: string) => {
    if (state.has(name)) return;
    state.set(name, "visiting");
    for (const key of catalog.foreignKeys) {
      if (key.child === name && key.parent !== name && reached.has(key.parent)) visit(key.parent);
    }
    state.set(name, "done");
    order.push(name);
  };
  visit(rootTable);
  for (const name of [...reached].sort()) visit(name);
  return order;
}

export { columnList, ident };
