import { ActionIcon, Group, Tooltip } from "@mantine/core";
import { IconBook2, IconCalendarTime, IconClockHour4, IconUsersGroup } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ChatToasts } from "../../features/chat";
import { LanguageSwitcher } from "../../features/language";
import { NoticesBell } from "../../features/notices";
import { ColorSchemeToggle } from "./color-scheme-toggle";
import { UserMenu } from "./user-menu";

/** Space pages, language, dark mode and the user menu: the right side of every signed-in header. */
export function HeaderActions({ spaceId }: { spaceId?: string }) {
  const { t } = useTranslation("calendars");
  const { t: tr } = useTranslation("resources");
  const { t: td } = useTranslation("directories");
  const { t: tt } = useTranslation("timesheets");
  return (
    <Group gap={4} wrap="nowrap">
      {spaceId ? (
        <Tooltip label={td("navLink")}>
          <ActionIcon
            component={Link}
            to={`/${spaceId}/directories`}
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={td("navLink")}
          >
            <IconBook2 size={20} />
          </ActionIcon>
        </Tooltip>
      ) : null}
      {spaceId ? (
        <Tooltip label={tr("navLink")}>
          <ActionIcon
            component={Link}
            to={`/${spaceId}/resources`}
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={tr("navLink")}
          >
            <IconUsersGroup size={20} />
          </ActionIcon>
        </Tooltip>
      ) : null}
      {spaceId ? (
        <Tooltip label={tt("navLink")}>
          <ActionIcon
            component={Link}
            to={`/${spaceId}/timesheets`}
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={tt("navLink")}
          >
            <IconClockHour4 size={20} />
          </ActionIcon>
        </Tooltip>
      ) : null}
      {spaceId ? (
        <Tooltip label={t("navLink")}>
          <ActionIcon
            component={Link}
            to={`/${spaceId}/calendars`}
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={t("navLink")}
          >
            <IconCalendarTime size={20} />
          </ActionIcon>
        </Tooltip>
      ) : null}
      {spaceId ? <NoticesBell spaceId={spaceId} /> : null}
      {spaceId ? <ChatToasts spaceId={spaceId} /> : null}
      <LanguageSwitcher compact />
      <ColorSchemeToggle />
      <UserMenu spaceId={spaceId} />
    </Group>
  );
}
