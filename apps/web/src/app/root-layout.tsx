import { Center, Loader } from "@mantine/core";
import { Navigate, Outlet } from "react-router";
import { ConnectionBanner } from "../features/connection";
import { LanguageSync } from "../features/language";
import { SessionSync, useMe, useToken } from "../features/session";
import { getLastSpaceId } from "../shared/session-store";

/** Above every route: keeps tabs in one session and the language within the server's list. */
export function RootLayout() {
  return (
    <>
      <SessionSync />
      <LanguageSync />
      <ConnectionBanner />
      <Outlet />
    </>
  );
}

/** `/`: straight into the last used space when one is stored for the user, else the space choice (or login). */
export function HomeRedirect() {
  const token = useToken();
  const me = useMe();
  if (!token) return <Navigate to="/auth/login" replace />;
  if (!me.data) {
    return (
      <Center h="100dvh">
        <Loader />
      </Center>
    );
  }
  const lastSpace = getLastSpaceId(me.data.id);
  return <Navigate to={lastSpace ? `/${lastSpace}` : "/auth/select-space"} replace />;
}
