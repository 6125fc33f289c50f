// Server benchmarks: the structure tree at scale on the embedded database (PGlite in a temporary data folder),
// driven through the built server's HTTP handling (Fastify inject: routing, auth, validation, serialisation).
// One JSON line per case: { case, nodes, attributes, medianMs, p95Ms }.
import { startBenchServer } from "./bench-server.mjs";

const NODES = Number(process.env.BENCH_NODES ?? 20_000);
const ATTRIBUTES = Number(process.env.BENCH_ATTRIBUTES ?? 100);

const { app, database, stop } = await startBenchServer();
const { seedStructure } = await import("../scripts/seed-structure.mjs");

const inject = async (method, url, token, spaceId, payload) => {
  const headers = { authorization: `Bearer ${token}`, ...(spaceId ? { "x-space-id": spaceId } : {}) };
  const response = await app.inject({ method, url: `/api/v1${url}`, headers, payload });
  if (response.statusCode !== 200)
    throw new Error(`${method} ${url}: ${response.statusCode} ${response.body.slice(0, 300)}`);
  return response.json().data;
};
const session = await inject("POST", "/users/register-and-login", "", null, {
  lastName: "Bench",
  firstName: "Mark",
  email: "bench@example.com",
  login: "bench",
  password: "bench-password",
  passwordConfirm: "bench-password",
  secretQuestion: "Q?",
  secretAnswer: "A",
  acceptPrivacyPolicy: true,
});
const token = session.token;
const space = await inject("POST", "/space/create", token, null, { name: "Bench", type: "corporate" });

const seedStart = performance.now();
const seeded = await seedStructure(database.db, space.id, { nodes: NODES, attributes: ATTRIBUTES, density: 1 });
process.stderr.write(
  `seeded ${seeded.nodes} nodes × ${ATTRIBUTES} attributes in ${Math.round(performance.now() - seedStart)} ms\n`,
);

function stats(samples) {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q) => s[Math.min(s.length - 1, Math.floor(q * s.length))];
  return { medianMs: +at(0.5).toFixed(2), p95Ms: +at(0.95).toFixed(2) };
}

async function measure(name, runs, url, check) {
  let last;
  for (let i = 0; i < 3; i++) last = await inject("GET", url, token, space.id);
  if (check) check(last);
  const samples = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await inject("GET", url, token, space.id);
    samples.push(performance.now() - start);
  }
  process.stdout.write(
    `${JSON.stringify({ case: name, nodes: seeded.nodes, attributes: ATTRIBUTES, ...stats(samples) })}\n`,
  );
}

const expect = (ok, what) => {
  if (!ok) throw new Error(`bench sanity check failed: ${what}`);
};
await measure("tree first screen (root level)", 50, "/eps?parentId=root", (d) =>
  expect(d.nodes.length === 20, "roots"),
);
await measure("tree whole light list", 15, "/eps", (d) => expect(d.nodes.length === seeded.nodes, "all nodes"));
await measure("expand a node", 100, `/eps?parentId=${seeded.sample.id}`, (d) => expect(d.nodes.length > 0, "children"));
await measure("attribute values of a node", 100, `/eps/${seeded.project.id}/attributes-with-values`, (d) =>
  expect(d.length === ATTRIBUTES, "values"),
);
await measure("search by name", 30, `/eps?search=${encodeURIComponent("999 монтаж")}`, (d) =>
  expect(d.nodes.length > 0, "found"),
);
await measure("search by key", 30, "/eps?search=K1234", (d) => expect(d.nodes.length > 0, "found by key"));

await stop();
