import { Button, Center, Loader, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, useLocation } from "react-router";
import { useMe, useToken } from "./session-api";

/** Renders its children only for a signed-in user whose profile has loaded; a guest goes to the login page. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const token = useToken();
  const location = useLocation();
  const me = useMe();
  const { t } = useTranslation();

  if (!token) {
    return <Navigate to="/auth/login" replace state={{ from: location.pathname + location.search }} />;
  }
  if (me.isError) {
    return (
      <Center h="100vh">
        <Stack align="center" gap="sm">
          <Text c="dimmed">{t("common:states.loadFailed")}</Text>
          <Button variant="light" onClick={() => void me.refetch()}>
            {t("common:actions.retry")}
          </Button>
        </Stack>
      </Center>
    );
  }
  if (!me.data) {
    return (
      <Center h="100vh">
        <Loader aria-label={t("common:states.loading")} />
      </Center>
    );
  }
  return children;
}
