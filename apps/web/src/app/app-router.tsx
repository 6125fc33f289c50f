import { createBrowserRouter, Navigate } from "react-router";
import { AdminPage } from "../features/admin";
import { AnalyticsPrintPage, ScoreboardPage } from "../features/analytics";
import { AttributesPage } from "../features/attributes";
import {
  GuestLayout,
  IdlenessPage,
  LoginPage,
  RegisterPage,
  ResetPasswordPage,
  RestorePage,
  SsoLandingPage,
  SuccessPage,
} from "../features/auth";
import { CalendarsPage } from "../features/calendars";
import { CyclogramPage } from "../features/cyclogram";
import { DirectoriesPage } from "../features/directories";
import { DisconnectPage, ErrorPage, NotFoundPage } from "../features/errors";
import { EstimatesPage } from "../features/estimates";
import { PipelinePage } from "../features/pipeline";
import { ProfilePage } from "../features/profile";
import { ResourcesPage } from "../features/resources";
import { SpaceHomePage } from "../features/space-home";
import { SelectSpacePage } from "../features/spaces";
import { StructurePage } from "../features/structure";
import { TimesheetsPage } from "../features/timesheets";
import { ViewSettingsPage } from "../features/view-settings";
import { MobilePage, WdpPage } from "../features/wdp";
import { WorkspacePage } from "../features/workspace";
import { HomeRedirect, RootLayout } from "./root-layout";
import { RouteErrorPage } from "./route-error-page";
import { AuthenticatedLayout } from "./shell/authenticated-layout";
import { SignedInFrame } from "./shell/signed-in-frame";
import { SpaceLayout } from "./shell/space-layout";

/** The routes of spec §2. Space pages not built yet fall through to the 404 page. */
export function createAppRouter() {
  return createBrowserRouter([
    {
      element: <RootLayout />,
      errorElement: <RouteErrorPage />,
      children: [
        { path: "/", element: <HomeRedirect /> },
        { path: "/structure", element: <Navigate to="/auth/select-space" replace /> },
        {
          path: "/auth",
          element: <GuestLayout />,
          children: [
            { index: true, element: <Navigate to="/auth/login" replace /> },
            { path: "login", element: <LoginPage /> },
            { path: "register", element: <RegisterPage /> },
            { path: "reset-password", element: <ResetPasswordPage /> },
            { path: "restore", element: <RestorePage /> },
            { path: "success", element: <SuccessPage /> },
            { path: "idleness", element: <IdlenessPage /> },
            { path: "sso", element: <SsoLandingPage /> },
          ],
        },
        { path: "/disconnect", element: <DisconnectPage /> },
        {
          element: <AuthenticatedLayout />,
          children: [
            {
              path: "/auth/select-space",
              element: (
                <SignedInFrame>
                  <SelectSpacePage />
                </SignedInFrame>
              ),
            },
            {
              path: "/error",
              element: (
                <SignedInFrame width={520}>
                  <ErrorPage />
                </SignedInFrame>
              ),
            },
            {
              path: "/:spaceId",
              element: <SpaceLayout />,
              children: [
                { index: true, element: <StructurePage /> },
                { path: "home", element: <SpaceHomePage /> },
                { path: "attributes", element: <AttributesPage /> },
                { path: "admin", element: <AdminPage /> },
                { path: "profile", element: <ProfilePage /> },
                { path: "schedule/:id", element: <WorkspacePage /> },
                { path: "schedule/:id/cyclogram", element: <CyclogramPage /> },
                { path: "grid/:projectId", element: <WdpPage /> },
                { path: "mobile/:projectId", element: <MobilePage /> },
                { path: "calendars", element: <CalendarsPage /> },
                { path: "resources/:id?", element: <ResourcesPage /> },
                { path: "timesheets", element: <TimesheetsPage /> },
                { path: "pipeline/:projectId", element: <PipelinePage /> },
                { path: "estimates/:projectId", element: <EstimatesPage /> },
                { path: "directories/:id?", element: <DirectoriesPage /> },
                { path: "viewsettings", element: <ViewSettingsPage /> },
                { path: "scoreboard", element: <ScoreboardPage /> },
                { path: "analytics/print/:value/:format", element: <AnalyticsPrintPage /> },
              ],
            },
          ],
        },
        { path: "*", element: <NotFoundPage /> },
      ],
    },
  ]);
}
