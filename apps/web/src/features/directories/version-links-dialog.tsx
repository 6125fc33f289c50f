import { Box, Center, Group, Loader, Modal, Select, Stack, Text, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import type { VersionDirectoryLink, VersionDirectoryLinks } from "@planum/contracts";
import { IconSearch } from "@tabler/icons-react";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useVirtualizer } from "@tanstack/react-virtual";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { linkKeys, linksApi } from "./links-api";

type SeenDirectory = VersionDirectoryLinks["directories"][number];
const ALL = "all";
const PAGE = 200;
const ROW_HEIGHT = 32;
/** Work code, work name, directory, row code, row name. */
const GRID = "minmax(70px, 1fr) minmax(120px, 2fr) minmax(100px, 1.5fr) minmax(70px, 1fr) minmax(120px, 2fr)";

interface Props {
  spaceId: string;
  versionId: string;
  directories: SeenDirectory[];
  onClose(): void;
}

/**
 * The version's links to directory rows as a virtualised table: pages of 200 asked for as the user scrolls (a keyset
 * cursor each), the search and the directory filter answered by the server — a version of 100,000 linked works
 * opens with one page.
 */
export function VersionLinksDialog({ spaceId, versionId, directories, onClose }: Props) {
  const { t } = useTranslation("directories");
  const [search, setSearch] = useState("");
  const [typed] = useDebouncedValue(search.trim(), 250);
  const [directoryId, setDirectoryId] = useState(ALL);
  const query = { limit: PAGE, search: typed || undefined, directoryId: directoryId === ALL ? undefined : directoryId };
  const pages = useInfiniteQuery({
    queryKey: linkKeys.page(spaceId, versionId, query),
    queryFn: ({ pageParam }) => linksApi.ofVersion(versionId, { ...query, after: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
  });
  const links: VersionDirectoryLink[] = pages.data?.pages.flatMap((p) => p.links) ?? [];
  const nameOf = new Map(directories.map((d) => [d.id, d.name]));
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: links.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
  });
  const items = virtualizer.getVirtualItems();
  const lastShown = items.at(-1)?.index ?? 0;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = pages;
  // the next page is asked for when the user nears the end of what is loaded
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && lastShown >= links.length - 20) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, lastShown, links.length]);

  const header = [
    t("links.list.workCode"),
    t("links.list.work"),
    t("links.directory"),
    t("links.list.rowCode"),
    t("links.list.row"),
  ];
  return (
    <Modal opened onClose={onClose} title={t("links.list.title")} size="xl" centered>
      <Stack gap="sm">
        <Group gap="sm" wrap="wrap" align="flex-end">
          <TextInput
            style={{ flex: "1 1 220px" }}
            leftSection={<IconSearch size={14} />}
            placeholder={t("links.list.search")}
            aria-label={t("links.list.search")}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            data-testid="links-search"
          />
          <Select
            style={{ flex: "1 1 200px" }}
            aria-label={t("links.directory")}
            data={[
              { value: ALL, label: t("links.refresh.all") },
              ...directories.map((d) => ({ value: d.id, label: d.name })),
            ]}
            value={directoryId}
            allowDeselect={false}
            onChange={(id) => id && setDirectoryId(id)}
          />
        </Group>
        <Box style={{ border: "1px solid var(--mantine-color-default-border)", borderRadius: 4 }}>
          <Box
            style={{
              display: "grid",
              gridTemplateColumns: GRID,
              borderBottom: "1px solid var(--mantine-color-default-border)",
            }}
            role="row"
          >
            {header.map((label) => (
              <Text key={label} size="xs" fw={600} px={6} py={6} lineClamp={2} role="columnheader" title={label}>
                {label}
              </Text>
            ))}
          </Box>
          <Box ref={scrollRef} style={{ height: "min(60vh, 480px)", overflow: "auto" }} data-testid="version-links">
            {pages.isPending ? (
              <Center h={80}>
                <Loader size="sm" />
              </Center>
            ) : links.length === 0 ? (
              <Text size="sm" c="dimmed" p="sm">
                {t("links.list.none")}
              </Text>
            ) : (
              <Box style={{ height: virtualizer.getTotalSize(), position: "relative" }}>
                {items.map((item) => {
                  const link = links[item.index];
                  const cells = [
                    link.workCode,
                    link.workName,
                    nameOf.get(link.directoryId) ?? "",
                    link.code,
                    link.name,
                  ];
                  return (
                    <Box
                      key={`${link.itemId}.${link.directoryId}`}
                      role="row"
                      style={{
                        position: "absolute",
                        top: item.start,
                        left: 0,
                        right: 0,
                        height: ROW_HEIGHT,
                        display: "grid",
                        gridTemplateColumns: GRID,
                        alignItems: "center",
                      }}
                    >
                      {cells.map((text, k) => (
                        <Text key={header[k]} size="sm" px={6} truncate title={text}>
                          {text}
                        </Text>
                      ))}
                    </Box>
                  );
                })}
              </Box>
            )}
          </Box>
        </Box>
        <Text size="xs" c="dimmed" data-testid="links-loaded">
          {pages.hasNextPage
            ? t("links.list.loadedMore", { count: links.length })
            : t("links.list.loaded", { count: links.length })}
        </Text>
      </Stack>
    </Modal>
  );
}
