import { benchCount, mountBench } from "../../../../bench/bench-page";
import { NetworkBenchPage } from "./network-bench-page";

// The entry of network-bench.html (?n=5000&lang=ru&scheme=dark).
mountBench(<NetworkBenchPage activities={benchCount("n", 5000, 10, 50_000)} />);
