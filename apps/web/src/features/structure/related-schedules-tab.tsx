import { Anchor, Button, Group, Skeleton, Table, Text } from "@mantine/core";
import type { EpsRow } from "@planum/contracts";
import { IconCalculator, IconCalendarPlus, IconTimeline } from "@tabler/icons-react";
import { useQueries } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { type ScheduleDto, structureApi, structureKeys, useNodeRole, useWholeTree } from "./structure-api";
import { projectsUnder } from "./tree-model";

/** Projects read at most for one subtree: a wider node lists the first ones and says so. */
const MAX_PROJECTS = 50;

/**
 * The schedules a node relates to: a project's own, or those of every project below a node or facility. The server
 * has no subtree-schedules call, so the projects come from the light tree and their schedules one call each.
 */
export function RelatedSchedulesTab({
  spaceId,
  node,
  onCreate,
}: {
  spaceId: string;
  node: EpsRow;
  onCreate: () => void;
}) {
  const { t } = useTranslation("structure");
  const isProject = node.kind === "project";
  const tree = useWholeTree(spaceId, !isProject);
  const role = useNodeRole(spaceId, node.id);
  const projects = isProject ? [node] : projectsUnder(tree.data ?? [], node);
  const shown = projects.slice(0, MAX_PROJECTS);
  const results = useQueries({
    queries: shown.map((project) => ({
      queryKey: structureKeys.schedules(spaceId, project.id),
      queryFn: () => structureApi.schedules(project.id),
    })),
  });
  const loading = (!isProject && tree.isPending) || results.some((r) => r.isPending);
  const rows: { schedule: ScheduleDto; project: EpsRow }[] = shown.flatMap((project, index) =>
    (results[index]?.data ?? []).map((schedule) => ({ schedule, project })),
  );
  const canCreate = isProject && role.data?.abilities.includes("schedule:write");

  return (
    <>
      {isProject || canCreate ? (
        <Group justify="flex-end" mb="sm" gap="xs">
          {isProject ? (
            <Button
              size="xs"
              variant="default"
              component={Link}
              to={`/${spaceId}/pipeline/${node.id}`}
              leftSection={<IconTimeline size={14} />}
            >
              {t("schedules.pipeline")}
            </Button>
          ) : null}
          {isProject ? (
            <Button
              size="xs"
              variant="default"
              component={Link}
              to={`/${spaceId}/estimates/${node.id}`}
              leftSection={<IconCalculator size={14} />}
            >
              {t("schedules.estimates")}
            </Button>
          ) : null}
          {canCreate ? (
            <Button size="xs" variant="light" leftSection={<IconCalendarPlus size={14} />} onClick={onCreate}>
              {t("schedules.create")}
            </Button>
          ) : null}
        </Group>
      ) : null}
      {loading ? (
        <Skeleton h={120} />
      ) : rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("schedules.none")}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={360}>
          <Table verticalSpacing="xs" highlightOnHover aria-label={t("tabs.related_schedules")}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("schedules.name")}</Table.Th>
                <Table.Th>{t("schedules.wdpColumn")}</Table.Th>
                {isProject ? null : <Table.Th>{t("schedules.project")}</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map(({ schedule, project }) => (
                <Table.Tr key={schedule.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/${spaceId}/schedule/${schedule.id}`} size="sm">
                      {schedule.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Anchor
                      component={Link}
                      to={`/${spaceId}/grid/${project.id}?schedule=${schedule.id}`}
                      size="sm"
                      aria-label={t("schedules.wdpOf", { name: schedule.name })}
                    >
                      {t("schedules.wdp")}
                    </Anchor>
                  </Table.Td>
                  {isProject ? null : <Table.Td>{project.name}</Table.Td>}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {projects.length > MAX_PROJECTS ? (
        <Text size="xs" c="dimmed" mt="xs">
          {t("schedules.more", { shown: MAX_PROJECTS, total: projects.length })}
        </Text>
      ) : null}
    </>
  );
}
