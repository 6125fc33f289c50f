import { Badge, Button, Center, Group, Loader, NavLink, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import type { Directory } from "@planum/contracts";
import { IconFolder, IconPlus, IconSearch } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams, useSearchParams } from "react-router";
import { useWholeTree } from "../structure";
import { directoriesApi, directoryKeys, useDirectories, useDirectoriesLive } from "./directories-api";
import { askNewDirectory } from "./directory-dialogs";
import { DirectoryView } from "./directory-view";

/** The space's directories grouped by the node that keeps them, in the structure's order. */
export function byNode(list: readonly Directory[]): { nodeId: string; nodeName: string; directories: Directory[] }[] {
  const groups = new Map<string, { nodeId: string; nodeName: string; directories: Directory[] }>();
  for (const d of list) {
    const group = groups.get(d.nodeId) ?? { nodeId: d.nodeId, nodeName: d.nodeName, directories: [] };
    group.directories.push(d);
    groups.set(d.nodeId, group);
  }
  return [...groups.values()];
}

/**
 * `/{space_id}/directories/{id?}` (spec §2 `directories`): the tree of the space's directories by node beside the
 * chosen one's table. `?node=` preselects the node a new directory goes to (the node panel's tab links here).
 */
export function DirectoriesPage() {
  const { t } = useTranslation("directories");
  const { spaceId = "", id } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useDirectoriesLive(spaceId);
  const directories = useDirectories(spaceId);
  const nodes = useWholeTree(spaceId, true);
  const [search, setSearch] = useState("");
  const needle = search.trim().toLowerCase();
  const groups = useMemo(
    () =>
      byNode(
        (directories.data ?? []).filter((d) => !needle || `${d.name} ${d.nodeName}`.toLowerCase().includes(needle)),
      ),
    [directories.data, needle],
  );
  const selected = (directories.data ?? []).find((d) => d.id === id) ?? null;
  const open = (directoryId: string | null) =>
    navigate(`/${spaceId}/directories${directoryId ? `/${directoryId}` : ""}`);
  const create = useMutation({
    mutationFn: (input: { nodeId: string; name: string; kind: Directory["kind"] }) =>
      directoriesApi.create(input.nodeId, { name: input.name, kind: input.kind }),
    onSuccess: async (created) => {
      await queryClient.invalidateQueries({ queryKey: directoryKeys.all(spaceId) });
      open(created.id);
    },
  });
  const askCreate = async () => {
    const input = await askNewDirectory(t("create"), nodes.data ?? [], params.get("node"));
    if (input) create.mutate(input);
  };

  return (
    <Stack gap="md">
      <Title order={1} fz={{ base: 22, sm: 28 }}>
        {t("title")}
      </Title>
      <Group align="flex-start" gap="md" wrap="wrap">
        <Paper withBorder p="sm" radius="md" w={{ base: "100%", md: 300 }} style={{ flex: "none" }}>
          <Stack gap="xs">
            <Button leftSection={<IconPlus size={16} />} onClick={askCreate} disabled={!nodes.data?.length}>
              {t("create")}
            </Button>
            {nodes.data && nodes.data.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t("noNodes")}
              </Text>
            ) : null}
            <TextInput
              leftSection={<IconSearch size={14} />}
              placeholder={t("searchDirectories")}
              aria-label={t("searchDirectories")}
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
            />
            {directories.isPending ? (
              <Center h={80}>
                <Loader size="sm" />
              </Center>
            ) : groups.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t("empty")}
              </Text>
            ) : (
              <Stack gap={4} role="tree" aria-label={t("title")}>
                {groups.map((group) => (
                  <Stack gap={0} key={group.nodeId} role="group" aria-label={group.nodeName}>
                    <Group gap={6} wrap="nowrap" px={6} py={4}>
                      <IconFolder size={16} style={{ flex: "none" }} aria-hidden />
                      <Text size="sm" c="dimmed" fw={600} truncate title={group.nodeName}>
                        {group.nodeName}
                      </Text>
                    </Group>
                    {group.directories.map((d) => (
                      <NavLink
                        key={d.id}
                        role="treeitem"
                        pl={28}
                        active={d.id === selected?.id}
                        onClick={() => open(d.id)}
                        label={
                          <Text size="sm" truncate title={d.name}>
                            {d.name}
                          </Text>
                        }
                        rightSection={
                          <Badge size="xs" variant="light" color="gray">
                            {d.rowCount}
                          </Badge>
                        }
                      />
                    ))}
                  </Stack>
                ))}
              </Stack>
            )}
          </Stack>
        </Paper>
        <Paper withBorder p="md" radius="md" style={{ flex: 1, minWidth: 0 }} miw={{ base: "100%", md: 420 }}>
          {selected ? (
            <DirectoryView
              key={selected.id}
              spaceId={spaceId}
              directory={selected}
              nodes={nodes.data ?? []}
              onMoved={(moved) => open(moved.id)}
              onDeleted={() => open(null)}
            />
          ) : (
            <Text size="sm" c="dimmed">
              {t("pick")}
            </Text>
          )}
        </Paper>
      </Group>
    </Stack>
  );
}
