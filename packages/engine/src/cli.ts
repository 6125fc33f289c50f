import { EngineInputError } from "./engine-input-error.js";
import { schedule } from "./schedule.js";
import type { NetworkInput } from "./types.js";

/**
 * `planum-engine < network.json > result.json`. The engine itself does no I/O: the stream handling is passed in,
 * so this module stays testable and the package stays free of Node-only imports outside the bin.
 */
export interface CliIo {
  readStdin(): Promise<string>;
  writeStdout(text: string): void;
  writeStderr(text: string): void;
}

/** Runs the command line; resolves to the exit code. */
export async function runCli(io: CliIo): Promise<number> {
  let text: string;
  try {
    text = await io.readStdin();
  } catch (err) {
    io.writeStderr(`planum-engine: cannot read standard input: ${(err as Error).message}\n`);
    return 2;
  }
  let input: unknown;
  try {
    input = JSON.parse(text);
  } catch (err) {
    io.writeStderr(`planum-engine: input is not valid JSON: ${(err as Error).message}\n`);
    return 2;
  }
  try {
    const result = schedule(input as NetworkInput);
    io.writeStdout(`${JSON.stringify(result)}\n`);
    return 0;
  } catch (err) {
    if (err instanceof EngineInputError) {
      io.writeStderr(`planum-engine: invalid input: ${err.message}\n`);
      return 1;
    }
    io.writeStderr(`planum-engine: ${(err as Error).stack ?? String(err)}\n`);
    return 3;
  }
}
