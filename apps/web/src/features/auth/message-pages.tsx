import { Button, Stack, Text, ThemeIcon } from "@mantine/core";
import { IconCircleCheck, IconClockPause } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { PageCard } from "../../ui/centered-page";

const SUCCESS_KINDS = ["registered", "reset-requested", "password-changed"] as const;
type SuccessKind = (typeof SUCCESS_KINDS)[number];

/** After registration or a password reset: what happened and the way to the login page. */
export function SuccessPage() {
  const { t } = useTranslation("auth");
  const [params] = useSearchParams();
  const raw = params.get("kind");
  const kind: SuccessKind = (SUCCESS_KINDS as readonly string[]).includes(raw ?? "")
    ? (raw as SuccessKind)
    : "registered";
  return (
    <PageCard title={t(`success.${kind}.title`)}>
      <Stack align="center" gap="md">
        <ThemeIcon size={56} radius="xl" color="teal" variant="light">
          <IconCircleCheck size={34} />
        </ThemeIcon>
        <Text ta="center">{t(`success.${kind}.message`)}</Text>
        <Button component={Link} to="/auth/login" fullWidth>
          {t("success.toLogin")}
        </Button>
      </Stack>
    </PageCard>
  );
}

/** Shown after the session ended for inactivity (in every tab). */
export function IdlenessPage() {
  const { t } = useTranslation("auth");
  return (
    <PageCard title={t("idleness.title")}>
      <Stack align="center" gap="md">
        <ThemeIcon size={56} radius="xl" color="yellow" variant="light">
          <IconClockPause size={34} />
        </ThemeIcon>
        <Text ta="center">{t("idleness.message")}</Text>
        <Button component={Link} to="/auth/login" fullWidth>
          {t("idleness.signIn")}
        </Button>
      </Stack>
    </PageCard>
  );
}
