import { createRiskRunner, type NetworkInput, type RiskInput, type RiskPartial, type RiskRunner } from "@planum/engine";
import { workerData } from "piscina";

/** What each thread of a run's pool is started with (Piscina's `workerData`): the run's network and inputs, once. */
export interface RiskWorkerData {
  network: NetworkInput;
  risk: RiskInput;
}

/** A chunk of a run: iterations [from, to). */
export interface RiskTask {
  from: number;
  to: number;
}

export interface RiskTaskResult {
  partial: RiskPartial;
  /** With the chunk that starts at iteration 0: what the summary names and compares with. */
  facts?: {
    ids: string[];
    uncertain: string[];
    deterministicFinish: number;
    deterministicMilestones: number[];
  };
}

/** The thread's engine network, compiled at its first chunk and reused for the others (a pool serves one run). */
let runner: RiskRunner | null = null;

/** Runs in a thread of the risk pool (risk-pool.ts): iterations [from, to) of the run on the engine. */
export default function riskTask(task: RiskTask): RiskTaskResult {
  if (!runner) {
    const { network, risk } = workerData as RiskWorkerData;
    runner = createRiskRunner(network, risk);
  }
  const partial = runner.run(task.from, task.to);
  return task.from === 0
    ? {
        partial,
        facts: {
          ids: [...runner.ids],
          uncertain: [...runner.uncertain],
          deterministicFinish: runner.deterministicFinish,
          deterministicMilestones: runner.deterministicMilestones,
        },
      }
    : { partial };
}
