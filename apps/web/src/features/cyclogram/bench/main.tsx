import { benchCount, mountBench } from "../../../bench/bench-page";
import { CyclogramBenchPage } from "./cyclogram-bench-page";

// The entry of cyclogram-bench.html (?works=5000&locations=100&lang=ru&scheme=dark).
mountBench(
  <CyclogramBenchPage
    works={benchCount("works", 5000, 10, 50_000)}
    locations={benchCount("locations", 100, 2, 1000)}
  />,
);
