import { Divider, Stack } from "@mantine/core";
import type { EpsRow, ScheduleDto } from "@planum/contracts";
import { useNodeRole } from "../structure/structure-api";
import { BimModelsTab } from "./bim-models-tab";
import { BimSiteLayout } from "./bim-site-layout";

/**
 * A node's 3D tab: a project's IFC models and viewer, then — for every node — its site layout of primitive shapes
 * (the view of a node that has no model).
 */
export function BimNodeTab({ spaceId, node, schedules }: { spaceId: string; node: EpsRow; schedules: ScheduleDto[] }) {
  const role = useNodeRole(spaceId, node.id);
  return (
    <Stack gap="lg">
      {node.kind === "project" ? (
        <>
          <BimModelsTab spaceId={spaceId} projectId={node.id} />
          <Divider />
        </>
      ) : null}
      <BimSiteLayout
        spaceId={spaceId}
        nodeId={node.id}
        schedules={schedules}
        canWrite={role.data?.abilities.includes("eps:write") ?? false}
      />
    </Stack>
  );
}
