#!/usr/bin/env node
// Prints what CI needs to read at the very end of its log about the browser tests: the counts, every failed or flaky
// test with the first lines of its error, and the slowest tests. CI shows only the tail of its output, and the live
// list of a long browser run scrolls out of it.
// Usage: node scripts/e2e-summary.mjs <playwright JSON report>
import fs from "node:fs";

const file = process.argv[2];
if (!file || !fs.existsSync(file)) {
  console.log(`no browser test report at ${file ?? "(none given)"}`);
  process.exit(0);
}
const report = JSON.parse(fs.readFileSync(file, "utf8"));
// biome-ignore lint/suspicious/noControlCharactersInRegex: terminal colour codes are what is stripped
const plain = (text) => String(text ?? "").replace(/\u001b\[[0-9;]*m/g, "");

const tests = [];
(function walk(suites) {
  for (const suite of suites ?? []) {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        tests.push({ name: `${spec.file}:${spec.line} › ${spec.title}`, status: test.status, results: test.results });
    walk(suite.suites);
  }
})(report.suites);

const { stats } = report;
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
console.log(
  `browser tests: ${stats.expected} passed, ${stats.flaky} flaky, ${stats.unexpected} failed, ${stats.skipped} skipped` +
    ` in ${seconds(stats.duration)}`,
);
for (const test of tests.filter((t) => t.status === "unexpected" || t.status === "flaky")) {
  console.log(`${test.status === "flaky" ? "FLAKY" : "FAILED"} ${test.name}`);
  for (const result of test.results.filter((r) => r.status !== "passed" && r.status !== "skipped")) {
    const message = plain(result.errors?.[0]?.message ?? result.error?.message)
      .split("\n")
      .slice(0, 6);
    console.log(`  try ${result.retry + 1} (${result.status}, ${seconds(result.duration)}): ${message.join("\n    ")}`);
  }
}
const slowest = tests
  .map((t) => ({ name: t.name, ms: t.results.reduce((sum, r) => sum + r.duration, 0) }))
  .sort((a, b) => b.ms - a.ms)
  .slice(0, 8);
console.log("slowest:");
for (const t of slowest) console.log(`  ${seconds(t.ms).padStart(8)}  ${t.name}`);
