#!/usr/bin/env node
// Reads a network as JSON on stdin, writes the calculated schedule as JSON on stdout.
import { runCli } from "../dist/cli.js";

const readStdin = () =>
  new Promise((resolve, reject) => {
    const chunks = [];
    process.stdin.on("data", (c) => chunks.push(c));
    process.stdin.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    process.stdin.on("error", reject);
  });

const code = await runCli({
  readStdin,
  writeStdout: (t) => process.stdout.write(t),
  writeStderr: (t) => process.stderr.write(t),
});
process.exitCode = code;
