import { Button, Center, Stack, Text, Title } from "@mantine/core";
import { IconHome } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { Logo } from "../../ui/logo";

/** Any address the app does not know (spec §2). */
export function NotFoundPage() {
  const { t } = useTranslation("errors-page");
  const location = useLocation();
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" gap="md" maw={520}>
        <Logo />
        <Text fz={80} fw={800} lh={1} c="dimmed" aria-hidden>
          404
        </Text>
        <Title order={1} fz={26} ta="center">
          {t("notFound.title")}
        </Title>
        <Text ta="center" c="dimmed" style={{ overflowWrap: "anywhere" }}>
          {t("notFound.message", { path: location.pathname })}
        </Text>
        <Button component={Link} to="/" leftSection={<IconHome size={18} />}>
          {t("notFound.home")}
        </Button>
      </Stack>
    </Center>
  );
}
