import { benchCount, mountBench } from "../../../bench/bench-page";
import { WdpBenchPage } from "./wdp-bench-page";

// The entry of wdp-bench.html (?works=10000&days=730&lang=ru&scheme=dark).
mountBench(<WdpBenchPage works={benchCount("works", 10_000, 10, 100_000)} days={benchCount("days", 730, 30, 3650)} />);
