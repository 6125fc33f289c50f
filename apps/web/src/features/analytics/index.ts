export { AnalyticsDashboard, type DashboardSchedule } from "./analytics-tab";
export { ScoreboardPage } from "./scoreboard-page";
