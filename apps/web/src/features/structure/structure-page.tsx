import { Box, Center, Flex, Loader, Paper, Stack, Text, Title } from "@mantine/core";
import type { EpsRow } from "@planum/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams, useSearchParams } from "react-router";
import { ApiRequestError } from "../../shared/api-error";
import { confirm } from "../../ui/confirm-dialog";
import { notifyError, notifySuccess } from "../../ui/notify";
import { useSpaces } from "../spaces";
import { type CreateKind, openCreateNode } from "./create-node-modal";
import { NodePanel } from "./node-panel";
import { ROOT, structureApi, structureKeys } from "./structure-api";
import { StructureNav } from "./structure-nav";
import { StructureToolbar } from "./structure-toolbar";
import { StructureTree } from "./structure-tree";
import { type DropPosition, dropPlan, isInsideRow } from "./tree-model";
import { useAbilities } from "./use-abilities";
import { useStructureLive } from "./use-structure-live";
import { useStructureTree } from "./use-structure-tree";

/** `/:spaceId`: the structure tree beside the node-info panel of the chosen node. */
export function StructurePage() {
  const { t } = useTranslation("structure");
  const { spaceId = "" } = useParams();
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const space = useSpaces().data?.find((item) => item.id === spaceId);
  const { can } = useAbilities(spaceId);
  const canWrite = can("eps:write");
  const tree = useStructureTree(spaceId);
  const [checked, setChecked] = useState<Set<string>>(new Set());
  const [renamingId, setRenamingId] = useState<string | null>(null);
  const activeId = params.get("node");
  useStructureLive(spaceId);

  const rowOf = (id: string) => tree.rows.find((r) => r.row.id === id)?.row;
  const active = activeId ? (rowOf(activeId) ?? null) : null;
  const siblingsKey = (row: EpsRow) => structureKeys.children(spaceId, row.parentId ?? ROOT);

  const activate = (id: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id) next.set("node", id);
        else next.delete("node");
        return next;
      },
      { replace: true },
    );

  const toggle = (id: string, open?: boolean) => {
    if (open === true) tree.expand(id);
    else if (open === false) tree.collapse(id);
    else tree.toggle(id);
  };

  const check = (id: string) =>
    setChecked((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const rename = async (id: string, name: string | null) => {
    setRenamingId(null);
    const row = rowOf(id);
    if (name === null || !row) return;
    try {
      await structureApi.rename(id, name);
      await queryClient.invalidateQueries({ queryKey: siblingsKey(row) });
      void queryClient.invalidateQueries({ queryKey: structureKeys.node(spaceId, id) });
    } catch (error) {
      notifyError(error);
    }
  };

  const shift = async (id: string, direction: "up" | "down", times = 1) => {
    const row = rowOf(id);
    if (!row) return;
    try {
      let siblings: EpsRow[] = [];
      // one call per step: the server swaps a node with one neighbour at a time
      for (let step = 0; step < times; step++) siblings = (await structureApi.shift(id, direction)).nodes;
      queryClient.setQueryData(siblingsKey(row), siblings);
    } catch (error) {
      notifyError(error);
      void queryClient.invalidateQueries({ queryKey: siblingsKey(row) });
    }
  };

  const planDrop = (draggedId: string, targetId: string, position: DropPosition) => {
    const from = tree.rows.findIndex((r) => r.row.id === draggedId);
    const to = tree.rows.findIndex((r) => r.row.id === targetId);
    if (from < 0 || to < 0) return null;
    const target = tree.rows[to].row;
    const siblings = queryClient.getQueryData<EpsRow[]>(siblingsKey(target)) ?? [];
    return dropPlan(tree.rows[from].row, target, position, siblings, isInsideRow(tree.rows, from, to));
  };

  const drop = async (draggedId: string, targetId: string, position: DropPosition) => {
    const row = rowOf(draggedId);
    const plan = planDrop(draggedId, targetId, position);
    if (!row || !plan) return;
    try {
      const { nodes } = await structureApi.move(draggedId, plan);
      queryClient.setQueryData(structureKeys.children(spaceId, plan.parentId ?? ROOT), nodes);
      if (plan.parentId) tree.expand(plan.parentId);
    } catch (error) {
      notifyError(error);
    }
    // the old parent lost a child and the new one may have got its first: every loaded branch is asked again
    void queryClient.invalidateQueries({ queryKey: ["space", spaceId, "eps", "children"] });
  };

  const remove = async (ids: string[]) => {
    let count = 0;
    try {
      await structureApi.remove(ids);
    } catch (error) {
      if (!(error instanceof ApiRequestError && error.hasCode("ConfirmationRequired"))) return notifyError(error);
      count = Number(error.errors[0]?.params?.count ?? 0);
    }
    const single = ids.length === 1 ? rowOf(ids[0]) : undefined;
    const { confirmed } = await confirm({
      title: t(single ? "delete.oneTitle" : "delete.manyTitle"),
      message: single
        ? t("delete.oneMessage", { name: single.name, count })
        : t("delete.manyMessage", { selected: ids.length, count }),
      confirmLabel: t("delete.confirm"),
      danger: true,
    });
    if (!confirmed) return;
    try {
      const result = await structureApi.remove(ids, count);
      notifySuccess(t("delete.done", { count: result.deleted }), { long: true });
      setChecked(new Set());
      if (activeId && ids.includes(activeId)) activate(null);
      await queryClient.invalidateQueries({ queryKey: ["space", spaceId, "eps", "children"] });
      void queryClient.invalidateQueries({ queryKey: structureKeys.wholeTree(spaceId) });
    } catch (error) {
      notifyError(error);
    }
  };

  const create = (kind: CreateKind, parent: EpsRow | null) =>
    openCreateNode({
      spaceId,
      kind,
      parent: parent ? { id: parent.id, name: parent.name } : null,
      onCreated: (id) => {
        if (kind === "schedule") {
          setParams({ node: id, tab: "related_schedules" }, { replace: true });
          return;
        }
        if (parent) tree.expand(parent.id);
        activate(id);
      },
    });

  return (
    <Stack gap="md">
      <StructureNav spaceId={spaceId} active="structure" />
      <Box>
        <Text size="sm" c="dimmed">
          {t("title")}
        </Text>
        <Title order={1} fz={{ base: 22, sm: 28 }} style={{ overflowWrap: "anywhere" }}>
          {space?.name ?? "\u00a0"}
        </Title>
      </Box>
      <Flex direction={{ base: "column", md: "row" }} gap="md" align="stretch">
        <Paper
          withBorder
          radius="md"
          w={{ base: "100%", md: 380, lg: 460, xl: 540 }}
          h={{ base: 460, md: "calc(100dvh - 210px)" }}
          mih={360}
          style={{ display: "flex", flexDirection: "column", overflow: "hidden", flex: "none" }}
        >
          <StructureToolbar
            tree={tree}
            active={active}
            checkedCount={checked.size}
            can={can}
            onCreate={create}
            onRename={() => active && setRenamingId(active.id)}
            onShift={(direction) => active && void shift(active.id, direction)}
            onDelete={() => void remove(checked.size > 0 ? [...checked] : active ? [active.id] : [])}
          />
          <Box style={{ flex: 1, minHeight: 0 }}>
            {tree.rootLoading || tree.searchPending ? (
              <Center h="100%">
                <Loader size="sm" aria-label={t("common:states.loading")} />
              </Center>
            ) : tree.rows.length === 0 ? (
              <Center h="100%" p="md">
                <Text size="sm" c="dimmed" ta="center">
                  {tree.searching ? t("tree.nothingFound") : t("tree.empty")}
                </Text>
              </Center>
            ) : (
              <StructureTree
                rows={tree.rows}
                activeId={activeId}
                checked={checked}
                renamingId={renamingId}
                matchIds={tree.matchIds}
                canWrite={canWrite}
                onActivate={activate}
                onToggle={toggle}
                onCheck={check}
                onStartRename={setRenamingId}
                onRename={(id, name) => void rename(id, name)}
                onDelete={(ids) => void remove(ids)}
                onShift={(id, direction) => void shift(id, direction)}
                canDrop={(draggedId, targetId, position) => planDrop(draggedId, targetId, position) !== null}
                onDrop={(draggedId, targetId, position) => void drop(draggedId, targetId, position)}
              />
            )}
          </Box>
        </Paper>
        <Box style={{ flex: 1, minWidth: 0 }}>
          <NodePanel
            spaceId={spaceId}
            nodeId={activeId}
            tab={params.get("tab")}
            onTab={(tab) =>
              setParams(
                (current) => {
                  const next = new URLSearchParams(current);
                  next.set("tab", tab);
                  return next;
                },
                { replace: true },
              )
            }
            onCreateSchedule={(project) => create("schedule", project)}
          />
        </Box>
      </Flex>
    </Stack>
  );
}
