import { Button, Stack, Text, ThemeIcon } from "@mantine/core";
import { type ErrorCode, errorMessage } from "@planum/contracts";
import { IconLock } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { currentLanguage } from "../../shared/i18n";
import { setLastSpaceId } from "../../shared/session-store";
import { PageCard } from "../../ui/centered-page";

export const ERROR_PAGE_REASONS = ["LicenseLimit", "Forbidden", "LicenseNotFound", "IPNotAllowed"] as const;
type Reason = (typeof ERROR_PAGE_REASONS)[number];

/** Licence problems go to the system administrator; access problems to the administrator of the space (spec §6). */
const ADMIN_MESSAGE: Record<Reason, string> = {
  LicenseLimit: "admin.licence",
  LicenseNotFound: "admin.licence",
  Forbidden: "admin.space",
  IPNotAllowed: "admin.space",
};

/** /error?reason=…: why the space cannot be opened, whom to ask, and the way back to the space choice. */
export function ErrorPage() {
  const { t } = useTranslation("errors-page");
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const raw = params.get("reason");
  const reason: Reason = (ERROR_PAGE_REASONS as readonly string[]).includes(raw ?? "") ? (raw as Reason) : "Forbidden";
  return (
    <PageCard title={t("error.title")}>
      <Stack align="center" gap="md">
        <ThemeIcon size={56} radius="xl" color="red" variant="light">
          <IconLock size={32} />
        </ThemeIcon>
        <Text ta="center" fw={600} size="lg" data-testid="error-reason">
          {errorMessage(currentLanguage(), reason as ErrorCode)}
        </Text>
        <Text ta="center" c="dimmed">
          {t(ADMIN_MESSAGE[reason])}
        </Text>
        <Button
          fullWidth
          onClick={() => {
            setLastSpaceId(null);
            navigate("/auth/select-space", { replace: true });
          }}
        >
          {t("error.chooseSpace")}
        </Button>
      </Stack>
    </PageCard>
  );
}
