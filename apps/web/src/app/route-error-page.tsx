import { Button, Center, Code, Group, Stack, Text, Title } from "@mantine/core";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { NotFoundPage } from "../features/errors";
import { Logo } from "../ui/logo";
import { reportClientError } from "./client-error-report";

/** The error boundary of the router: a crash in a page shows this instead of a blank screen and is reported. */
export function RouteErrorPage() {
  const error = useRouteError();
  const { t } = useTranslation("errors-page");
  const notFound = isRouteErrorResponse(error) && error.status === 404;

  useEffect(() => {
    if (!notFound) reportClientError(error);
  }, [error, notFound]);

  if (notFound) return <NotFoundPage />;
  const detail =
    error instanceof Error ? error.message : isRouteErrorResponse(error) ? error.statusText : String(error);
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" gap="md" maw={560}>
        <Logo />
        <Title order={1} fz={26} ta="center">
          {t("crash.title")}
        </Title>
        <Text ta="center" c="dimmed">
          {t("crash.message")}
        </Text>
        {detail ? (
          <Code block w="100%" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
            {detail}
          </Code>
        ) : null}
        <Group>
          <Button onClick={() => window.location.reload()}>{t("crash.reload")}</Button>
          <Button variant="default" component={Link} to="/" reloadDocument>
            {t("notFound.home")}
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}
