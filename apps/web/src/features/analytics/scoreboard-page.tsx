import {
  Badge,
  Button,
  Group,
  Paper,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  UnstyledButton,
} from "@mantine/core";
import {
  SCOREBOARD_FIGURES,
  type Scoreboard,
  type ScoreboardFigure,
  type ScoreboardItem,
  scoreboardUpdateBody,
  toLanguage,
} from "@planum/contracts";
import {
  IconArrowDown,
  IconArrowUp,
  IconChevronDown,
  IconChevronUp,
  IconPencil,
  IconPlus,
  IconSelector,
  IconTrash,
} from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams, useSearchParams } from "react-router";
import { api, apiRequest } from "../../shared/api-client";
import { askText } from "../../ui/ask-text";
import { confirm } from "../../ui/confirm-dialog";
import { RowAction } from "../../ui/row-action";
import { issuesByField, issueText } from "../../ui/use-zod-form";
import { StructureNav, useAbilities, useWholeTree } from "../structure";
import { analyticsKeys, useAnalyticsLive } from "./analytics-api";

type Order = "asc" | "desc";

function useScoreboard(spaceId: string, sort: string | null, order: Order) {
  return useQuery({
    queryKey: analyticsKeys.scoreboard(spaceId, sort ?? "", order),
    queryFn: () => api.get<Scoreboard>(`/scoreboard${sort ? `?sort=${sort}&order=${order}` : ""}`),
    placeholderData: (previous) => previous,
  });
}

/** Figures read better high (an index, a share done) or low (counts of late works, days of delay). */
const HIGHER_IS_BETTER: Record<ScoreboardFigure, boolean> = {
  percent_complete: true,
  spi: true,
  cpi: true,
  spi_t: true,
  critical: false,
  delayed: false,
  max_delay_days: false,
};
const indexColour = (v: number | null) => (v === null ? undefined : v < 0.95 ? "red" : v >= 1 ? "teal" : "yellow");

/**
 * `/{space_id}/scoreboard` (spec §2; issue 15): the space's projects and nodes side by side — earned value, works
 * late and the indicators of each, rolled up over its schedules. A column header ranks the rows by it (the server
 * ranks; rows without a value last), the arrows keep an order on the server for everybody, and a name opens the
 * node's dashboard in the structure, where each count opens the works behind it. Follows the counts live.
 */
export function ScoreboardPage() {
  const { t, i18n } = useTranslation("analytics");
  const { spaceId = "" } = useParams();
  const [params, setParams] = useSearchParams();
  const sort = params.get("sort");
  const order: Order = params.get("order") === "asc" ? "asc" : "desc";
  useAnalyticsLive(spaceId);
  const board = useScoreboard(spaceId, sort, order);
  const { can } = useAbilities(spaceId);
  const canWrite = can("schedule:write");
  const language = toLanguage(i18n.language) ?? "ru";
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: analyticsKeys.all(spaceId) });
  const change = useMutation({
    mutationFn: (call: { method: "POST" | "PATCH" | "DELETE"; path: string; body?: unknown }) =>
      apiRequest(call.path, { method: call.method, body: call.body }),
    onSuccess: refresh,
  });

  /** A header click ranks by the column, best first; a second click turns the order; a third goes back to the kept. */
  const rankBy = (key: string, higherIsBetter: boolean) => {
    const best: Order = higherIsBetter ? "desc" : "asc";
    const next = new URLSearchParams(params);
    if (sort !== key) {
      next.set("sort", key);
      next.set("order", best);
    } else if (order === best) next.set("order", best === "desc" ? "asc" : "desc");
    else {
      next.delete("sort");
      next.delete("order");
    }
    setParams(next, { replace: true });
  };
  const keptOrder = () => setParams(new URLSearchParams(), { replace: true });

  const rename = async (item: ScoreboardItem) => {
    const title = await askText({
      title: t("scoreboard.rename"),
      label: t("scoreboard.titleLabel"),
      current: item.title ?? "",
      validate: (value) => {
        const parsed = scoreboardUpdateBody.safeParse({ title: value.trim() || null });
        const issue = parsed.success ? null : issuesByField(parsed.error).title;
        return issue ? issueText(issue, language) : null;
      },
      checkWhileTyping: true,
    });
    if (title !== null)
      change.mutate({ method: "PATCH", path: `/scoreboard/${item.id}/update`, body: { title: title || null } });
  };
  const remove = async (item: ScoreboardItem) => {
    const { confirmed } = await confirm({
      message: t("scoreboard.removeConfirm", { name: item.title ?? item.node.name }),
      danger: true,
    });
    if (confirmed) change.mutate({ method: "DELETE", path: `/scoreboard/${item.id}/delete` });
  };

  const number = new Intl.NumberFormat(language, { maximumFractionDigits: 2 });
  const index = new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const percent = new Intl.NumberFormat(language, { style: "percent", maximumFractionDigits: 1 });
  const dash = "—";
  const figureText = (key: ScoreboardFigure, value: number | null) =>
    value === null
      ? dash
      : key === "percent_complete"
        ? percent.format(value)
        : key === "spi" || key === "cpi" || key === "spi_t"
          ? index.format(value)
          : number.format(value);
  const figureColour = (key: ScoreboardFigure, value: number | null) =>
    key === "spi" || key === "cpi" || key === "spi_t"
      ? indexColour(value)
      : (key === "delayed" || key === "critical" || key === "max_delay_days") && value
        ? "orange"
        : undefined;

  const header = (key: string, label: string, higherIsBetter: boolean) => {
    const ranked = sort === key;
    const Icon = !ranked ? IconSelector : order === "desc" ? IconChevronDown : IconChevronUp;
    return (
      <Table.Th key={key} aria-sort={ranked ? (order === "asc" ? "ascending" : "descending") : undefined}>
        <UnstyledButton onClick={() => rankBy(key, higherIsBetter)} data-testid={`rank-${key}`}>
          <Group gap={4} wrap="nowrap">
            <Text size="sm" fw={600}>
              {label}
            </Text>
            <Icon size={14} />
          </Group>
        </UnstyledButton>
      </Table.Th>
    );
  };
  const columns = board.data?.indicators ?? [];
  const rankedName =
    sort === null
      ? null
      : (SCOREBOARD_FIGURES as readonly string[]).includes(sort)
        ? t(`scoreboard.figures.${sort}`)
        : (columns.find((c) => c.key === sort)?.name ?? sort);

  return (
    <Stack gap="md">
      <StructureNav spaceId={spaceId} active="scoreboard" />
      <Group justify="space-between" align="end" gap="sm" wrap="wrap">
        <Title order={1} fz={{ base: 22, sm: 28 }}>
          {t("scoreboard.title")}
        </Title>
        {canWrite ? (
          <AddNode
            spaceId={spaceId}
            onAdd={(nodeId) => change.mutate({ method: "POST", path: "/scoreboard/save", body: { nodeId } })}
          />
        ) : null}
      </Group>
      <Group gap="xs" wrap="wrap">
        <Text size="sm" c="dimmed">
          {t("scoreboard.hint")}
        </Text>
        {rankedName ? (
          <>
            <Badge variant="light" data-testid="scoreboard-ranked">
              {t(order === "desc" ? "scoreboard.rankedDesc" : "scoreboard.rankedAsc", { name: rankedName })}
            </Badge>
            <Button size="compact-sm" variant="subtle" onClick={keptOrder}>
              {t("scoreboard.keptOrder")}
            </Button>
          </>
        ) : null}
      </Group>
      {!board.data ? (
        <Skeleton h={200} />
      ) : board.data.items.length === 0 ? (
        <Paper withBorder p="md" radius="md">
          <Text size="sm" c="dimmed">
            {t(canWrite ? "scoreboard.empty" : "scoreboard.emptyReadOnly")}
          </Text>
        </Paper>
      ) : (
        <Table.ScrollContainer minWidth={720 + columns.length * 110}>
          <Table striped highlightOnHover verticalSpacing="xs" data-testid="scoreboard">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40}>#</Table.Th>
                <Table.Th miw={150}>{t("scoreboard.name")}</Table.Th>
                {SCOREBOARD_FIGURES.map((key) => header(key, t(`scoreboard.figures.${key}`), HIGHER_IS_BETTER[key]))}
                {columns.map((c) => header(c.key, c.name, true))}
                {canWrite ? <Table.Th w={150} aria-label={t("scoreboard.actions")} /> : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {board.data.items.map((item, at, all) => {
                const name = item.title ?? item.node.name;
                return (
                  <Table.Tr key={item.id} data-testid="scoreboard-row">
                    <Table.Td>{at + 1}</Table.Td>
                    <Table.Td>
                      <Stack gap={0}>
                        <Text
                          component={Link}
                          to={`/${spaceId}?node=${item.node.id}`}
                          size="sm"
                          fw={600}
                          c="blue"
                          style={{ overflowWrap: "anywhere" }}
                        >
                          {name}
                        </Text>
                        <Group gap={6}>
                          <Text size="xs" c="dimmed">
                            {t(`scoreboard.kinds.${item.node.kind}`)}
                            {item.title ? ` · ${item.node.name}` : ""}
                          </Text>
                          {!item.fresh ? (
                            <Badge size="xs" variant="light" color="yellow">
                              {t("stale")}
                            </Badge>
                          ) : null}
                        </Group>
                      </Stack>
                    </Table.Td>
                    {SCOREBOARD_FIGURES.map((key) => (
                      <Table.Td key={key} data-testid={`figure-${key}`}>
                        <Text size="sm" fw={500} c={figureColour(key, item.figures[key])}>
                          {figureText(key, item.figures[key])}
                        </Text>
                      </Table.Td>
                    ))}
                    {columns.map((c) => {
                      const value = item.indicators.find((i) => i.key === c.key) ?? null;
                      return (
                        <Table.Td key={c.key} data-testid={`indicator-${c.key}`} data-colour={value?.colour ?? ""}>
                          <Text size="sm" fw={500} c={value?.colour ?? undefined}>
                            {value?.value == null ? dash : number.format(value.value)}
                          </Text>
                        </Table.Td>
                      );
                    })}
                    {canWrite ? (
                      <Table.Td>
                        <Group gap={0} wrap="nowrap" justify="flex-end">
                          {sort === null && at > 0 ? (
                            <RowAction
                              label={t("scoreboard.up")}
                              ariaLabel={t("scoreboard.upOf", { name })}
                              icon={<IconArrowUp size={16} />}
                              onClick={() => change.mutate({ method: "PATCH", path: `/scoreboard/${item.id}/up` })}
                            />
                          ) : null}
                          {sort === null && at < all.length - 1 ? (
                            <RowAction
                              label={t("scoreboard.down")}
                              ariaLabel={t("scoreboard.downOf", { name })}
                              icon={<IconArrowDown size={16} />}
                              onClick={() => change.mutate({ method: "PATCH", path: `/scoreboard/${item.id}/down` })}
                            />
                          ) : null}
                          <RowAction
                            label={t("scoreboard.rename")}
                            ariaLabel={t("scoreboard.renameOf", { name })}
                            icon={<IconPencil size={16} />}
                            onClick={() => void rename(item)}
                          />
                          <RowAction
                            label={t("scoreboard.remove")}
                            ariaLabel={t("scoreboard.removeOf", { name })}
                            icon={<IconTrash size={16} />}
                            color="red"
                            onClick={() => void remove(item)}
                          />
                        </Group>
                      </Table.Td>
                    ) : null}
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

/** Chooses a project, facility or node of the space to put on the board. */
function AddNode({ spaceId, onAdd }: { spaceId: string; onAdd(nodeId: string): void }) {
  const { t } = useTranslation("analytics");
  const nodes = useWholeTree(spaceId, true);
  const [chosen, setChosen] = useState<string | null>(null);
  return (
    <Group gap="xs" align="end" wrap="wrap">
      <Select
        label={t("scoreboard.add")}
        placeholder={t("scoreboard.choose")}
        searchable
        data={(nodes.data ?? []).map((n) => ({ value: n.id, label: `${n.name} (${t(`scoreboard.kinds.${n.kind}`)})` }))}
        value={chosen}
        onChange={setChosen}
        w={{ base: "100%", xs: 300 }}
        data-testid="scoreboard-node"
      />
      <Button
        leftSection={<IconPlus size={16} />}
        disabled={!chosen}
        onClick={() => {
          if (chosen) onAdd(chosen);
          setChosen(null);
        }}
        data-testid="scoreboard-add"
      >
        {t("scoreboard.addButton")}
      </Button>
    </Group>
  );
}
