export { AnalyticsDashboard, type DashboardSchedule } from "./analytics-tab";
