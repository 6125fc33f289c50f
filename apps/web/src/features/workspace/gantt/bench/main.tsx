import { benchCount, benchParams, mountBench } from "../../../../bench/bench-page";
import { GANTT_SCALES, type GanttScale } from "../scale-math";
import { GanttBenchPage } from "./gantt-bench-page";

// The entry of gantt-bench.html (?n=100000&scale=week&lang=ru&scheme=dark).
const rows = benchCount("n", 100_000, 10, 200_000);
const asked = benchParams.get("scale") ?? "";
const scale = (GANTT_SCALES as readonly string[]).includes(asked) ? (asked as GanttScale) : "week";
mountBench(<GanttBenchPage rows={rows} scale={scale} />);
