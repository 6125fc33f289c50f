/** Colours of the canvas for each Mantine colour scheme (the canvas cannot read CSS variables per pixel). */
export interface GanttColors {
  background: string;
  rowAlt: string;
  rowSelected: string;
  rowHover: string;
  gridLine: string;
  nonWorking: string;
  headerBackground: string;
  headerText: string;
  headerLine: string;
  task: string;
  taskProgress: string;
  critical: string;
  criticalProgress: string;
  draft: string;
  draftProgress: string;
  summary: string;
  milestone: string;
  baseline: string;
  arrow: string;
  arrowCritical: string;
  today: string;
  dataDate: string;
  label: string;
  ghost: string;
  link: string;
}

export const LIGHT_COLORS: GanttColors = {
  background: "#ffffff",
  rowAlt: "#fafbfc",
  rowSelected: "rgba(34, 139, 230, 0.14)",
  rowHover: "rgba(34, 139, 230, 0.06)",
  gridLine: "#eceef1",
  nonWorking: "rgba(134, 142, 150, 0.13)",
  headerBackground: "#f8f9fa",
  headerText: "#343a40",
  headerLine: "#dee2e6",
  task: "#4c8fd6",
  taskProgress: "#1c5fa8",
  critical: "#e03131",
  criticalProgress: "#a51d1d",
  draft: "#adb5bd",
  draftProgress: "#7b838b",
  summary: "#212529",
  milestone: "#212529",
  baseline: "#f2b705",
  arrow: "#6b7785",
  arrowCritical: "#e03131",
  today: "#f76707",
  dataDate: "#7048e8",
  label: "#495057",
  ghost: "rgba(34, 139, 230, 0.35)",
  link: "#1c7ed6",
};

export const DARK_COLORS: GanttColors = {
  background: "#1f2023",
  rowAlt: "#232428",
  rowSelected: "rgba(77, 171, 247, 0.22)",
  rowHover: "rgba(77, 171, 247, 0.09)",
  gridLine: "#2e3035",
  nonWorking: "rgba(0, 0, 0, 0.28)",
  headerBackground: "#25262b",
  headerText: "#dee2e6",
  headerLine: "#373a40",
  task: "#4dabf7",
  taskProgress: "#1c7ed6",
  critical: "#ff6b6b",
  criticalProgress: "#c92a2a",
  draft: "#5c636a",
  draftProgress: "#868e96",
  summary: "#e9ecef",
  milestone: "#e9ecef",
  baseline: "#d9a406",
  arrow: "#8a94a0",
  arrowCritical: "#ff6b6b",
  today: "#ff922b",
  dataDate: "#9775fa",
  label: "#c1c2c5",
  ghost: "rgba(77, 171, 247, 0.35)",
  link: "#4dabf7",
};
