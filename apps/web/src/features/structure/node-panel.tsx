import { Badge, Center, Group, Paper, Skeleton, Stack, Tabs, Text, Title } from "@mantine/core";
import type { EpsRow } from "@planum/contracts";
import {
  IconBook2,
  IconCalendarEvent,
  IconChartBar,
  IconChartLine,
  IconCube,
  IconFiles,
  IconInfoCircle,
  IconMessages,
  IconPhoto,
  IconTrendingUp,
} from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { AnalyticsDashboard } from "../analytics";
import { BimNodeTab } from "../bim";
import { ChatBlock } from "../chat";
import { NodeDirectoriesTab } from "../directories";
import { DailyPlanningTab } from "./daily-planning-tab";
import { NodeDocuments } from "./node-documents";
import { NodeGallery } from "./node-gallery";
import { NodeInfoTab } from "./node-info-tab";
import { useNodeSchedules } from "./node-schedules";
import { PlanningTab } from "./planning-tab";
import { RelatedSchedulesTab } from "./related-schedules-tab";
import { useNode } from "./structure-api";
import { KIND_ICONS } from "./structure-tree";

/**
 * The node-info panel's tabs that exist so far; it opens on analytics, the spec's default (the node's dashboard). Tabs of features not built yet (task relations, timesheets, assignments…) are absent;
 * models_3d a project's IFC models and the 3D viewer, and every node's site layout of primitive shapes; daily_planning shows the work-done plan against the facts, planning the progress the facts make, directories the
 * directories seen at the node, chat the node's chat block (spec §2), documents the reports and prints kept with it.
 */
export const NODE_TABS = [
  "analytics",
  "node_info",
  "directories",
  "related_schedules",
  "gallery",
  "documents",
  "daily_planning",
  "planning",
  "chat",
  "models_3d",
] as const;
export type NodeTab = (typeof NODE_TABS)[number];
export const DEFAULT_NODE_TAB: NodeTab = "analytics";

interface Props {
  spaceId: string;
  nodeId: string | null;
  tab: string | null;
  onTab: (tab: NodeTab) => void;
  onCreateSchedule: (project: EpsRow) => void;
}

export function NodePanel({ spaceId, nodeId, tab, onTab, onCreateSchedule }: Props) {
  const { t } = useTranslation("structure");
  const { t: tc } = useTranslation("chat");
  const { t: ta } = useTranslation("analytics");
  const { t: tb } = useTranslation("bim");
  const node = useNode(spaceId, nodeId);
  const current = (NODE_TABS as readonly string[]).includes(tab ?? "") ? (tab as NodeTab) : DEFAULT_NODE_TAB;

  if (!nodeId || node.isError)
    return (
      <Paper withBorder radius="md" p="xl">
        <Center mih={160}>
          <Text c="dimmed" ta="center">
            {t("panel.choose")}
          </Text>
        </Center>
      </Paper>
    );
  if (!node.data)
    return (
      <Paper withBorder radius="md" p="lg">
        <Stack>
          <Skeleton h={28} w="50%" />
          <Skeleton h={180} />
        </Stack>
      </Paper>
    );
  const Icon = KIND_ICONS[node.data.kind];

  return (
    <Paper withBorder radius="md" p={{ base: "sm", sm: "lg" }}>
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap" align="center">
          <Icon size={22} style={{ flex: "none" }} aria-hidden />
          <Title order={2} fz="xl" style={{ overflowWrap: "anywhere", minWidth: 0 }}>
            {node.data.name}
          </Title>
          <Badge variant="light" color="gray" style={{ flex: "none" }}>
            {t(`kinds.${node.data.kind}`)}
          </Badge>
        </Group>
        <Tabs value={current} onChange={(value) => value && onTab(value as NodeTab)} keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="analytics" leftSection={<IconChartLine size={16} />}>
              {ta("tab")}
            </Tabs.Tab>
            <Tabs.Tab value="node_info" leftSection={<IconInfoCircle size={16} />}>
              {t("tabs.node_info")}
            </Tabs.Tab>
            <Tabs.Tab value="directories" leftSection={<IconBook2 size={16} />}>
              {t("tabs.directories")}
            </Tabs.Tab>
            <Tabs.Tab value="related_schedules" leftSection={<IconCalendarEvent size={16} />}>
              {t("tabs.related_schedules")}
            </Tabs.Tab>
            <Tabs.Tab value="gallery" leftSection={<IconPhoto size={16} />}>
              {t("tabs.gallery")}
            </Tabs.Tab>
            <Tabs.Tab value="documents" leftSection={<IconFiles size={16} />}>
              {t("tabs.documents")}
            </Tabs.Tab>
            <Tabs.Tab value="daily_planning" leftSection={<IconChartBar size={16} />}>
              {t("tabs.daily_planning")}
            </Tabs.Tab>
            <Tabs.Tab value="planning" leftSection={<IconTrendingUp size={16} />}>
              {t("tabs.planning")}
            </Tabs.Tab>
            <Tabs.Tab value="chat" leftSection={<IconMessages size={16} />} data-testid="node-chat-tab">
              {tc("tab")}
            </Tabs.Tab>
            <Tabs.Tab value="models_3d" leftSection={<IconCube size={16} />} data-testid="node-bim-tab">
              {tb("tab")}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="analytics" pt="md">
            <NodeAnalytics spaceId={spaceId} node={node.data} />
          </Tabs.Panel>
          <Tabs.Panel value="node_info" pt="md">
            <NodeInfoTab spaceId={spaceId} node={node.data} />
          </Tabs.Panel>
          <Tabs.Panel value="directories" pt="md">
            <NodeDirectoriesTab spaceId={spaceId} nodeId={node.data.id} />
          </Tabs.Panel>
          <Tabs.Panel value="related_schedules" pt="md">
            <RelatedSchedulesTab spaceId={spaceId} node={node.data} onCreate={() => onCreateSchedule(node.data)} />
          </Tabs.Panel>
          <Tabs.Panel value="gallery" pt="md">
            <NodeGallery spaceId={spaceId} nodeId={node.data.id} />
          </Tabs.Panel>
          <Tabs.Panel value="documents" pt="md">
            <NodeDocuments spaceId={spaceId} nodeId={node.data.id} />
          </Tabs.Panel>
          <Tabs.Panel value="daily_planning" pt="md">
            <DailyPlanningTab spaceId={spaceId} node={node.data} />
          </Tabs.Panel>
          <Tabs.Panel value="planning" pt="md">
            <PlanningTab spaceId={spaceId} node={node.data} />
          </Tabs.Panel>
          <Tabs.Panel value="chat" pt="md">
            <ChatBlock spaceId={spaceId} target={{ nodeId: node.data.id }} />
          </Tabs.Panel>
          <Tabs.Panel value="models_3d" pt="md">
            <NodeBim spaceId={spaceId} node={node.data} />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Paper>
  );
}

/** The node's 3D tab, offered the schedules at or under the node (what its site layout's shapes are tied to). */
function NodeBim({ spaceId, node }: { spaceId: string; node: EpsRow }) {
  const { schedules } = useNodeSchedules(spaceId, node);
  return <BimNodeTab spaceId={spaceId} node={node} schedules={schedules} />;
}

/** The node's dashboard: its schedules rolled up (a project's own, or those of the projects below it), or one. */
function NodeAnalytics({ spaceId, node }: { spaceId: string; node: EpsRow }) {
  const { schedules, loading } = useNodeSchedules(spaceId, node);
  return <AnalyticsDashboard spaceId={spaceId} node={node} schedules={schedules} loading={loading} />;
}
