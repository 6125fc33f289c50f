import type { EpsRow } from "@planum/contracts";
import { useQueries } from "@tanstack/react-query";
import { type ScheduleDto, structureApi, structureKeys, useWholeTree } from "./structure-api";
import { projectsUnder } from "./tree-model";

const MAX_PROJECTS = 50;

/**
 * The schedules a node's planning tabs offer: a project's own, or those of the projects below the node (the first
 * fifty projects, so a large tree does not fire hundreds of reads).
 */
export function useNodeSchedules(spaceId: string, node: EpsRow): { schedules: ScheduleDto[]; loading: boolean } {
  const isProject = node.kind === "project";
  const tree = useWholeTree(spaceId, !isProject);
  const projects = (isProject ? [node] : projectsUnder(tree.data ?? [], node)).slice(0, MAX_PROJECTS);
  const lists = useQueries({
    queries: projects.map((project) => ({
      queryKey: structureKeys.schedules(spaceId, project.id),
      queryFn: () => structureApi.schedules(project.id),
    })),
  });
  return {
    schedules: lists.flatMap((r) => r.data ?? []),
    loading: (!isProject && tree.isPending) || lists.some((r) => r.isPending),
  };
}
