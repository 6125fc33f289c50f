import { Anchor, Group, Text } from "@mantine/core";
import { IconChevronLeft } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useNode } from "../structure";

/** The way back from a schedule to its project in the structure tree (the project's node selected there). */
export function ScheduleCrumb({ spaceId, projectId }: { spaceId: string; projectId: string | null }) {
  const { t } = useTranslation("workspace");
  const project = useNode(spaceId, projectId);
  if (!projectId) return null;
  const name = project.data?.name ?? t("crumb.project");
  return (
    <Anchor
      component={Link}
      to={`/${spaceId}?node=${encodeURIComponent(projectId)}`}
      size="sm"
      c="dimmed"
      data-testid="schedule-crumb"
      aria-label={t("crumb.back", { name })}
      style={{ display: "block", minWidth: 0 }}
    >
      <Group gap={2} wrap="nowrap">
        <IconChevronLeft size={14} style={{ flex: "none" }} />
        <Text span size="sm" truncate="end">
          {name}
        </Text>
      </Group>
    </Anchor>
  );
}
