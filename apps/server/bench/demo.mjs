// The demo space: what the demo job does in its transaction (the structure, then the building schedule planned,
// baselined, progressed and calculated three times) on the embedded database, per language.
// One JSON line per case: { case, runs, medianMs, p95Ms }.
import { startBenchServer } from "./bench-server.mjs";

const RUNS = Number(process.env.BENCH_DEMO_RUNS ?? 10);

const { app, ctx, database, stop } = await startBenchServer();
const { seedDemoStructure } = await import("../dist/modules/structure/structure-demo.js");
const { seedDemoWorkspace } = await import("../dist/modules/spaces/demo-schedule.js");

const inject = async (method, url, token, payload) => {
  const headers = { ...(token ? { authorization: `Bearer ${token}` } : {}) };
  const response = await app.inject({ method, url: `/api/v1${url}`, headers, payload });
  if (response.statusCode !== 200)
    throw new Error(`${method} ${url}: ${response.statusCode} ${response.body.slice(0, 300)}`);
  return response.json().data;
};
const session = await inject("POST", "/users/register-and-login", "", {
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
const userId = session.user.id;

function stats(samples) {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q) => s[Math.min(s.length - 1, Math.floor(q * s.length))];
  return { medianMs: +at(0.5).toFixed(1), p95Ms: +at(0.95).toFixed(1) };
}

for (const language of ["ru", "en", "fr"]) {
  const samples = [];
  for (let i = 0; i < RUNS + 1; i++) {
    const space = await inject("POST", "/space/create", token, { name: `Demo ${language} ${i}`, type: "corporate" });
    const start = performance.now();
    await database.db.transaction(async (tx) => {
      const scheduleId = await seedDemoStructure(tx, space.id, userId, { language });
      await seedDemoWorkspace({ db: tx, datesWritten: ctx.datesWritten }, space.id, userId, { language, scheduleId });
    });
    if (i > 0) samples.push(performance.now() - start); // the first run warms up
  }
  process.stdout.write(`${JSON.stringify({ case: `demo filling (${language})`, runs: RUNS, ...stats(samples) })}\n`);
}

await stop();
