import {
  Badge,
  Button,
  Center,
  Group,
  Loader,
  NavLink,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import type { Resource } from "@planum/contracts";
import { IconPlus, IconSearch } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams, useSearchParams } from "react-router";
import { ResourceEditor } from "./resource-editor";
import { useResources, useResourcesLive } from "./resources-api";
import { UsageView } from "./usage/usage-view";

/** The directory as a tree in display order: each resource after its parent, with its depth. */
export function resourceTree(list: readonly Resource[]): { resource: Resource; depth: number }[] {
  const ids = new Set(list.map((r) => r.id));
  const children = new Map<string | null, Resource[]>();
  for (const r of list) {
    const parent = r.parentId && ids.has(r.parentId) ? r.parentId : null;
    children.set(parent, [...(children.get(parent) ?? []), r]);
  }
  const out: { resource: Resource; depth: number }[] = [];
  const walk = (parent: string | null, depth: number) => {
    for (const r of (children.get(parent) ?? []).sort((a, b) => a.code.localeCompare(b.code))) {
      out.push({ resource: r, depth });
      walk(r.id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}

/**
 * `/{space_id}/resources/{id?}` (spec §2): the space's resource directory as a tree beside the chosen resource —
 * its definition, availability and rates by period, and the works it is assigned to; or (`view=usage`) the usage of
 * every resource, or of `{id}` and what is under it: histogram and resource Gantt (usage/usage-view.tsx).
 */
export function ResourcesPage() {
  const { t } = useTranslation("resources");
  const { spaceId = "", id } = useParams();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const usage = params.get("view") === "usage";
  const setParam = (name: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null) next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true },
    );
  useResourcesLive(spaceId);
  const resources = useResources(spaceId);
  const [search, setSearch] = useState("");
  const [creating, setCreating] = useState(false);
  const tree = useMemo(() => resourceTree(resources.data ?? []), [resources.data]);
  const needle = search.trim().toLowerCase();
  const shown = needle ? tree.filter(({ resource: r }) => `${r.code} ${r.name}`.toLowerCase().includes(needle)) : tree;
  const selected = creating ? null : ((resources.data ?? []).find((r) => r.id === id) ?? null);
  const open = (resourceId: string | null) => {
    setCreating(false);
    navigate(`/${spaceId}/resources${resourceId ? `/${resourceId}` : ""}`);
  };
  const header = (
    <Group justify="space-between" wrap="wrap" gap="sm">
      <Title order={1} fz={{ base: 22, sm: 28 }}>
        {t("title")}
      </Title>
      <SegmentedControl
        aria-label={t("views.label")}
        value={usage ? "usage" : "directory"}
        onChange={(value) => setParam("view", value === "usage" ? "usage" : null)}
        data={[
          { value: "directory", label: t("views.directory") },
          { value: "usage", label: t("views.usage") },
        ]}
      />
    </Group>
  );
  if (usage)
    return (
      <Stack gap="md">
        {header}
        <UsageView
          spaceId={spaceId}
          params={params}
          setParam={setParam}
          resourceId={id}
          onAllResources={() => navigate(`/${spaceId}/resources?${params.toString()}`)}
        />
      </Stack>
    );

  return (
    <Stack gap="md">
      {header}
      <Group align="flex-start" gap="md" wrap="wrap">
        <Paper withBorder p="sm" radius="md" w={{ base: "100%", md: 340 }} style={{ flex: "none" }}>
          <Stack gap="xs">
            <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
              {t("create")}
            </Button>
            <TextInput
              leftSection={<IconSearch size={14} />}
              placeholder={t("search")}
              aria-label={t("search")}
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
            />
            {resources.isPending ? (
              <Center h={80}>
                <Loader size="sm" />
              </Center>
            ) : shown.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t("empty")}
              </Text>
            ) : (
              <Stack gap={0} role="tree" aria-label={t("title")}>
                {shown.map(({ resource: r, depth }) => (
                  <NavLink
                    key={r.id}
                    role="treeitem"
                    active={r.id === selected?.id}
                    onClick={() => open(r.id)}
                    pl={8 + depth * 16}
                    label={
                      <Group gap={6} wrap="nowrap">
                        <Text size="sm" fw={600} style={{ flex: "none" }}>
                          {r.code}
                        </Text>
                        <Text size="sm" truncate>
                          {r.name}
                        </Text>
                      </Group>
                    }
                    rightSection={
                      <Badge size="xs" variant="light" color={KIND_COLOR[r.kind]}>
                        {t(`kinds.${r.kind}`)}
                      </Badge>
                    }
                  />
                ))}
              </Stack>
            )}
          </Stack>
        </Paper>
        <Paper withBorder p="md" radius="md" style={{ flex: 1, minWidth: 0 }} miw={{ base: "100%", md: 420 }}>
          {creating || selected ? (
            <ResourceEditor
              key={selected?.id ?? "new"}
              spaceId={spaceId}
              resource={selected}
              all={resources.data ?? []}
              onSaved={(saved) => open(saved.id)}
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

const KIND_COLOR: Record<Resource["kind"], string> = { labor: "blue", equipment: "orange", material: "grape" };
