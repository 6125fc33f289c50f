import { Anchor, Group, Text } from "@mantine/core";
import { IconChevronLeft } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

/**
 * The way back from a schedule to its project in the structure tree (the project's node selected there), named by
 * the schedule's own answer: a member who may work in the schedule but not read the structure is not refused.
 */
export function ScheduleCrumb(p: { spaceId: string; projectId: string | null; projectName: string | undefined }) {
  const { t } = useTranslation("workspace");
  const { spaceId, projectId } = p;
  if (!projectId) return null;
  const name = p.projectName || t("crumb.project");
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
