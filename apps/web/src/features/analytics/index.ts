export { ActivityCard } from "./activity-card";
export { AnalyticsPrintPage } from "./analytics-print-page";
export { AnalyticsDashboard, type DashboardSchedule } from "./analytics-tab";
export { ScoreboardPage } from "./scoreboard-page";
