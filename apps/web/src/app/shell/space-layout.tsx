import { AppShell, Center, Group, Loader } from "@mantine/core";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, Outlet, useParams } from "react-router";
import { NotFoundPage } from "../../features/errors";
import { useSpaceRoom } from "../../features/realtime";
import { SpaceSwitcher, useSpaceAccess } from "../../features/spaces";
import { ApiRequestError } from "../../shared/api-error";
import { setCurrentSpaceId } from "../../shared/navigation";
import { setLastSpaceId } from "../../shared/session-store";
import { Logo } from "../../ui/logo";
import { HeaderActions } from "./header-actions";

/**
 * /:spaceId and everything below it: the access check, the header of the app, and the page. While mounted, the
 * space is the one the API client names in X-Space-Id and the one the socket listens to.
 */
export function SpaceLayout() {
  const { spaceId = "" } = useParams();
  const { t } = useTranslation("shell");
  // set during render so the first requests of the children already carry X-Space-Id
  setCurrentSpaceId(spaceId);
  const access = useSpaceAccess(spaceId);
  useSpaceRoom(access.isSuccess ? spaceId : null);

  useEffect(() => {
    if (access.isSuccess) setLastSpaceId(spaceId);
  }, [access.isSuccess, spaceId]);
  useEffect(() => () => setCurrentSpaceId(null), []);

  if (access.isError) {
    const error = access.error;
    if (error instanceof ApiRequestError && (error.status === 404 || error.status === 400)) return <NotFoundPage />;
  }

  return (
    <AppShell header={{ height: 56 }} padding={{ base: "md", sm: "lg" }}>
      <AppShell.Header>
        <Group h="100%" px={{ base: "xs", sm: "md" }} justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: 1 }}>
            <Link to={`/${spaceId}`} style={{ color: "inherit", textDecoration: "none" }} aria-label={t("home")}>
              <Logo size="md" textVisibleFrom="xs" />
            </Link>
            {access.isSuccess ? <SpaceSwitcher spaceId={spaceId} /> : null}
          </Group>
          <HeaderActions spaceId={spaceId} />
        </Group>
      </AppShell.Header>
      <AppShell.Main>
        {access.isSuccess ? (
          <Outlet />
        ) : (
          <Center h={240}>
            <Loader />
          </Center>
        )}
      </AppShell.Main>
    </AppShell>
  );
}
