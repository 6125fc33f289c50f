import { EngineInputError } from "./engine-input-error.js";
import { fullPass } from "./full-pass.js";
import { buildNetwork } from "./network-build.js";
import { createState, type Network, type ScheduleState } from "./network-model.js";
import { formatResult, type ResultColumns, resultColumns } from "./result-format.js";
import type { NetworkInput, NetworkResult } from "./types.js";
import { validateAndIndex } from "./validate-network.js";

/** Validates and compiles a network; calendar range errors surface as EngineInputError. */
export function compileNetwork(input: unknown): Network {
  const valid = validateAndIndex(input);
  return guard(() => buildNetwork(valid.input, valid));
}

export function guard<T>(fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    if (err instanceof RangeError) {
      const m = /calendar "([^"]*)"/.exec(err.message);
      throw new EngineInputError(m ? `calendar "${m[1]}"` : "network", err.message);
    }
    throw err;
  }
}

/** Runs the full calculation on a compiled network and returns the calculated state. */
export function calculateNetwork(net: Network): ScheduleState {
  const st = createState(net.total, net.calendars.length, net.inFrom.length);
  guard(() => fullPass(net, st));
  return st;
}

/**
 * Validates, builds, computes and formats a schedule the way Primavera P6 does.
 * Throws EngineInputError (with `.item`) on bad input.
 */
export function schedule(input: NetworkInput): NetworkResult {
  const net = compileNetwork(input);
  const st = calculateNetwork(net);
  return formatResult(net, st);
}

/**
 * The same calculation answered as columns (dates in minutes): for callers that store results rather than show
 * them. Throws EngineInputError (with `.item`) on bad input.
 */
export function scheduleColumns(input: NetworkInput): ResultColumns {
  const net = compileNetwork(input);
  const st = calculateNetwork(net);
  return resultColumns(net, st);
}
