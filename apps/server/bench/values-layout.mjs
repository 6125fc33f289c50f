// Measures the two candidate layouts of attribute values on PGlite, 20,000 nodes × 100 attributes:
//   table: one row per (node, attribute) with a primary key (node, attribute) and an index on attribute;
//   jsonb: one `values` map per node row, keyed by attribute id.
// node apps/server/bench/values-layout.mjs   (prints one JSON line per layout and operation; not part of npm run bench)
import { PGlite } from "@electric-sql/pglite";

const NODES = 20_000;
const ATTRIBUTES = 100;
const db = new PGlite();
await db.waitReady;

async function time(runs, fn) {
  const samples = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn(i);
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return +samples[Math.floor(samples.length / 2)].toFixed(2);
}
const report = (layout, operation, medianMs) =>
  process.stdout.write(`${JSON.stringify({ layout, operation, nodes: NODES, attributes: ATTRIBUTES, medianMs })}\n`);

await db.exec(`
  create table nodes (id int primary key, name text not null, attrs jsonb not null default '{}');
  create table plain_nodes (id int primary key, name text not null);
  create table vals (node int not null, attr int not null, value jsonb not null, primary key (node, attr));
  create index vals_attr on vals (attr);
`);
let start = performance.now();
await db.exec(`insert into vals select n, a, to_jsonb(round((random() * 1e6)::numeric, 2))
  from generate_series(1, ${NODES}) n, generate_series(1, ${ATTRIBUTES}) a`);
await db.exec(`insert into plain_nodes select n, 'Node ' || n from generate_series(1, ${NODES}) n`);
report("table", "load", +(performance.now() - start).toFixed(0));
start = performance.now();
await db.exec(`insert into nodes select n, 'Node ' || n, (select jsonb_object_agg(a::text, round((random() * 1e6)::numeric, 2))
  from generate_series(1, ${ATTRIBUTES}) a where n > 0) from generate_series(1, ${NODES}) n`);
report("jsonb", "load", +(performance.now() - start).toFixed(0));
await db.exec("analyze");

const pick = (i) => 1 + ((i * 7919) % NODES);
report(
  "table",
  "values of a node",
  await time(200, (i) => db.query("select attr, value from vals where node = $1", [pick(i)])),
);
report(
  "jsonb",
  "values of a node",
  await time(200, (i) => db.query("select attrs from nodes where id = $1", [pick(i)])),
);
report(
  "table",
  "update one value",
  await time(200, (i) =>
    db.query("insert into vals values ($1, 5, '1') on conflict (node, attr) do update set value = excluded.value", [
      pick(i),
    ]),
  ),
);
report(
  "jsonb",
  "update one value",
  await time(200, (i) => db.query(`update nodes set attrs = jsonb_set(attrs, '{5}', '1') where id = $1`, [pick(i)])),
);
report(
  "table",
  "search one attribute",
  await time(20, () => db.query("select node from vals where attr = 7 and value::text like '%12%' limit 200")),
);
report(
  "jsonb",
  "search one attribute",
  await time(20, () => db.query("select id from nodes where (attrs->>'7') like '%12%' limit 200")),
);
report("table", "tree list (id, name)", await time(10, () => db.query("select id, name from plain_nodes")));
report("jsonb", "tree list (id, name)", await time(10, () => db.query("select id, name from nodes")));
await db.close();
