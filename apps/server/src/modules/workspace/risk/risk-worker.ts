import { createRiskRunner, type NetworkInput, type RiskInput, type RiskPartial, type RiskRunner } from "@planum/engine";

export interface RiskTask {
  /** The run's id: a thread builds the network once per run and reuses it for the run's other chunks. */
  runId: string;
  network: NetworkInput;
  risk: RiskInput;
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

let built: { runId: string; runner: RiskRunner } | null = null;

/** Runs in a thread of the risk pool (risk-pool.ts): iterations [from, to) of one run on the engine. */
export default function riskTask(task: RiskTask): RiskTaskResult {
  if (built?.runId !== task.runId) built = { runId: task.runId, runner: createRiskRunner(task.network, task.risk) };
  const { runner } = built;
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
