#!/usr/bin/env node
// Seeds a large structure into one space, for the benchmark and for trying the tree at scale:
//   node apps/server/scripts/seed-structure.mjs <spaceId> [--nodes 20000] [--attributes 100] [--density 1]
// on the embedded database of PLANUM_DATA_DIR (or DATABASE_URL). Needs the built server (npm run build -w apps/server).
import { randomUUID } from "node:crypto";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";

const TYPES = ["number", "string", "date", "money", "percentage", "boolean", "list"];

/**
 * Roots → groups → facilities → projects, about `nodes` in all; `attributes` space-wide attributes of mixed types;
 * values for `density` of every (node, attribute) pair. Rows go in batches; values are generated inside the database.
 */
export async function seedStructure(db, spaceId, { nodes = 20_000, attributes = 100, density = 1 } = {}) {
  const rows = [];
  const add = (parent, kind, name, order) => {
    const id = randomUUID();
    const path = `${parent?.path ?? "/"}${id}/`;
    const row = {
      id,
      parentId: parent?.id ?? null,
      kind,
      name,
      key: `K${rows.length}`,
      order,
      path,
      depth: parent ? parent.depth + 1 : 0,
    };
    rows.push(row);
    return row;
  };
  // 20 roots × 5 groups × 10 facilities × projects: the project count per facility fills up to `nodes`.
  const roots = 20;
  const groups = 5;
  const facilities = 10;
  const perFacility = Math.max(
    1,
    Math.round((nodes - roots * (1 + groups * (1 + facilities))) / (roots * groups * facilities)),
  );
  for (let r = 0; r < roots; r++) {
    const root = add(null, "node", `Программа ${r + 1}`, r);
    for (let g = 0; g < groups; g++) {
      const group = add(root, "node", `Район ${r + 1}.${g + 1}`, g);
      for (let f = 0; f < facilities; f++) {
        const facility = add(group, "facility", `Объект ${r + 1}.${g + 1}.${f + 1}`, f);
        for (let p = 0; p < perFacility; p++) add(facility, "project", `Проект ${rows.length} монтаж`, p);
      }
    }
  }
  for (let i = 0; i < rows.length; i += 2000) {
    const chunk = rows.slice(i, i + 2000);
    const values = sql.join(
      chunk.map(
        (n) =>
          sql`(${n.id}::uuid, ${spaceId}::uuid, ${n.parentId}::uuid, ${n.kind}, ${n.name}, ${n.key}, ${n.order}, ${n.path}, ${n.depth})`,
      ),
      sql`, `,
    );
    await db.execute(
      sql`insert into eps_nodes (id, space_id, parent_id, kind, name, key, sort_order, path, depth) values ${values}`,
    );
  }
  await db.execute(sql`
    insert into attributes (space_id, name, type, target, list_values)
    select ${spaceId}::uuid, 'Параметр ' || i, (array[${sql.join(
      TYPES.map((t) => sql`${t}`),
      sql`, `,
    )}])[1 + i % ${TYPES.length}], 'node',
      case when i % ${TYPES.length} = 6 then '["A","B","C"]'::jsonb else '[]'::jsonb end
    from generate_series(1, ${attributes}) as i`);
  await db.execute(sql`
    insert into attribute_values (node_id, attribute_id, space_id, value)
    select n.id, a.id, n.space_id,
      case a.type
        when 'string' then to_jsonb('Значение ' || n.sort_order)
        when 'date' then to_jsonb(to_char(date '2026-01-01' + (n.sort_order % 365), 'YYYY-MM-DD'))
        when 'boolean' then to_jsonb(n.sort_order % 2 = 0)
        when 'list' then to_jsonb((array['A','B','C'])[1 + n.sort_order % 3])
        when 'percentage' then to_jsonb(n.sort_order % 101)
        else to_jsonb(round((random() * 1000000)::numeric, 2))
      end
    from eps_nodes n cross join attributes a
    where n.space_id = ${spaceId}::uuid and a.space_id = ${spaceId}::uuid and random() < ${density}`);
  await db.execute(sql`analyze eps_nodes`);
  await db.execute(sql`analyze attribute_values`);
  return { nodes: rows.length, attributes, sample: rows.find((r) => r.kind === "facility"), project: rows.at(-1) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [spaceId, ...rest] = process.argv.slice(2);
  const option = (name, fallback) => {
    const index = rest.indexOf(`--${name}`);
    return index >= 0 ? Number(rest[index + 1]) : fallback;
  };
  if (!spaceId) {
    console.error("usage: seed-structure.mjs <spaceId> [--nodes N] [--attributes N] [--density 0..1]");
    process.exit(2);
  }
  const { loadConfig } = await import("../dist/platform/config.js");
  const { openDatabase } = await import("../dist/platform/db.js");
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const result = await seedStructure(database.db, spaceId, {
    nodes: option("nodes", 20_000),
    attributes: option("attributes", 100),
    density: option("density", 1),
  });
  console.log(JSON.stringify({ nodes: result.nodes, attributes: result.attributes }));
  await database.close();
}
