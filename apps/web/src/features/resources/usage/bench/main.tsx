import { benchCount, mountBench } from "../../../../bench/bench-page";
import { UsageBenchPage } from "./usage-bench-page";

// The entry of usage-bench.html (?rows=1000&days=730&lang=ru&scheme=dark).
mountBench(<UsageBenchPage rows={benchCount("rows", 1000, 10, 20_000)} days={benchCount("days", 730, 30, 1100)} />);
