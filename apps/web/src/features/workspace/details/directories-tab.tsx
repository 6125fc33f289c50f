import { ActionIcon, Button, Group, Loader, Select, Stack, Table, Text, Tooltip } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import type { VersionDirectoryLinks } from "@planum/contracts";
import {
  IconCalculator,
  IconFileUpload,
  IconLinkOff,
  IconList,
  IconRefresh,
  IconTransferIn,
} from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import {
  AssignUploadDialog,
  directoriesApi,
  linksApi,
  RefreshValuesDialog,
  RelationTotalsDialog,
  ScheduleDonorsDialog,
  useVersionDirectories,
  VersionLinksDialog,
} from "../../directories";
import type { DetailsCommands } from "./activity-details";
import { attributeText } from "./detail-fields";
import { Pane } from "./details-pane";

type SeenDirectory = VersionDirectoryLinks["directories"][number];
type Link = VersionDirectoryLinks["links"][number];

interface Props {
  versionId: string;
  itemId: number;
  readOnly: boolean;
  send: DetailsCommands["send"];
}

/**
 * The work's Directories tab (issue 14): for each directory the schedule sees, the row the work is linked to (a work
 * type, a location), picked by searching the directory, and the linked attributes' values of that row. Linking a
 * row of a directory with donors copies their values into the work at once (one undoable change). The version-wide
 * actions sit above: links from a file ("upload with assignment") and the donors' refresh, both previewed, and the
 * schedule's own donors (columns copied into the schedule's attributes).
 */
export function DirectoriesTab({ versionId, itemId, readOnly, send }: Props) {
  const { t } = useTranslation("directories");
  const { spaceId = "", id: scheduleId = "" } = useParams();
  const links = useVersionDirectories(spaceId, versionId, itemId);
  const [dialog, setDialog] = useState<"assign" | "refresh" | "relations" | "list" | "donors" | null>(null);
  if (links.isPending)
    return (
      <Group p="sm" gap="xs">
        <Loader size="xs" />
      </Group>
    );
  const directories = links.data?.directories ?? [];
  const mine = new Map((links.data?.links ?? []).map((l) => [l.directoryId, l]));
  const link = (directory: SeenDirectory, rowId: string | null) =>
    send(
      () =>
        linksApi.link(versionId, {
          directoryId: directory.id,
          links: [{ itemId, rowId }],
          applyDonors: rowId !== null && directory.donors.length > 0,
        }),
      rowId !== null && directory.donors.length > 0 ? "directory_values" : null,
    );
  return (
    <Pane>
      <Stack gap="xs">
        <Group gap="xs" wrap="wrap">
          <Button
            size="xs"
            variant="light"
            leftSection={<IconFileUpload size={14} />}
            disabled={readOnly || directories.length === 0}
            onClick={() => setDialog("assign")}
          >
            {t("links.assign.open")}
          </Button>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconRefresh size={14} />}
            disabled={readOnly || directories.every((d) => d.donors.length === 0)}
            onClick={() => setDialog("refresh")}
          >
            {t("links.refresh.open")}
          </Button>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconCalculator size={14} />}
            disabled={directories.length === 0}
            onClick={() => setDialog("relations")}
          >
            {t("relations.totals.open")}
          </Button>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconList size={14} />}
            disabled={directories.length === 0}
            onClick={() => setDialog("list")}
          >
            {t("links.list.open")}
          </Button>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconTransferIn size={14} />}
            disabled={directories.length === 0}
            onClick={() => setDialog("donors")}
          >
            {t("links.scheduleDonors.open")}
          </Button>
        </Group>
        {directories.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t("links.noneSeen")}
          </Text>
        ) : (
          <Table withRowBorders={false} verticalSpacing={4} layout="fixed" data-testid="work-directories">
            <Table.Tbody>
              {directories.map((d) => (
                <DirectoryLinkRow
                  key={d.id}
                  directory={d}
                  link={mine.get(d.id) ?? null}
                  readOnly={readOnly}
                  onLink={(rowId) => void link(d, rowId)}
                />
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
      {dialog === "assign" && (
        <AssignUploadDialog
          versionId={versionId}
          directories={directories}
          send={send}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === "list" && (
        <VersionLinksDialog
          spaceId={spaceId}
          versionId={versionId}
          directories={directories}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === "relations" && (
        <RelationTotalsDialog
          spaceId={spaceId}
          versionId={versionId}
          readOnly={readOnly}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === "donors" && (
        <ScheduleDonorsDialog
          spaceId={spaceId}
          scheduleId={scheduleId}
          directories={directories}
          readOnly={readOnly}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === "refresh" && (
        <RefreshValuesDialog
          versionId={versionId}
          directories={directories.filter((d) => d.donors.length > 0)}
          send={send}
          onClose={() => setDialog(null)}
        />
      )}
    </Pane>
  );
}

function DirectoryLinkRow(props: {
  directory: SeenDirectory;
  link: Link | null;
  readOnly: boolean;
  onLink(rowId: string | null): void;
}) {
  const { t, i18n } = useTranslation("directories");
  const { directory, link } = props;
  const label = (r: { code: string; name: string }) => `${r.code} — ${r.name}`;
  const [search, setSearch] = useState("");
  const [typed] = useDebouncedValue(search.trim(), 250);
  const [open, setOpen] = useState(false);
  // the field shows the linked row's label when not typed in: that is no search
  const term = link && typed === label(link) ? "" : typed;
  const rows = useQuery({
    queryKey: ["directories", "pick", directory.id, term],
    queryFn: () => directoriesApi.rows(directory, { offset: 0, limit: 50, search: term || undefined }),
    enabled: open,
  });
  const options = (rows.data?.rows ?? []).map((r) => ({ value: r.id, label: label(r) }));
  if (link && !options.some((o) => o.value === link.rowId)) options.unshift({ value: link.rowId, label: label(link) });
  return (
    <Table.Tr>
      <Table.Td w="32%" style={{ verticalAlign: "top" }}>
        <Text size="sm" fw={600} style={{ overflowWrap: "anywhere" }}>
          {directory.name}
        </Text>
      </Table.Td>
      <Table.Td style={{ verticalAlign: "top" }}>
        <Group gap={4} wrap="nowrap" align="flex-start">
          <Select
            size="xs"
            searchable
            style={{ flex: 1, minWidth: 0 }}
            aria-label={t("links.rowOf", { name: directory.name })}
            placeholder={t("links.pickRow")}
            disabled={props.readOnly}
            value={link?.rowId ?? null}
            data={options}
            filter={({ options: all }) => all}
            searchValue={search}
            onSearchChange={setSearch}
            onDropdownOpen={() => setOpen(true)}
            onDropdownClose={() => setOpen(false)}
            nothingFoundMessage={rows.isFetching ? t("links.searching") : t("nothingFound")}
            onChange={(rowId) => {
              if (rowId && rowId !== link?.rowId) props.onLink(rowId);
            }}
            data-testid={`link-row-${directory.name}`}
          />
          {link && !props.readOnly ? (
            <Tooltip label={t("links.unlink")}>
              <ActionIcon variant="default" aria-label={t("links.unlink")} onClick={() => props.onLink(null)}>
                <IconLinkOff size={14} />
              </ActionIcon>
            </Tooltip>
          ) : null}
        </Group>
        {link && directory.linked.length > 0 ? (
          <Group gap="md" mt={4} wrap="wrap">
            {directory.linked.map((l) => (
              <Text key={l.id} size="xs" c="dimmed" data-testid={`linked-value-${l.name}`}>
                {`${l.name}: `}
                <Text span size="xs" fw={600} c="var(--mantine-color-text)">
                  {attributeText(l.type, link.values[l.id], i18n.language) || "—"}
                </Text>
              </Text>
            ))}
          </Group>
        ) : null}
      </Table.Td>
    </Table.Tr>
  );
}
