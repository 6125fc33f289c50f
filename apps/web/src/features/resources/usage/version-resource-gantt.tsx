import { Alert, Anchor, Box, Center, Group, Loader, SegmentedControl, Text } from "@mantine/core";
import { USAGE_GROUPINGS, USAGE_SCALES, type UsageGrouping, type UsageScale } from "@planum/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { errorsOf } from "../../../shared/api-error";
import { describeError } from "../../../ui/notify";
import { useUsageLive, useVersionResourceGantt } from "./usage-api";
import { UsageChart } from "./usage-chart";

/**
 * The workspace's resource panel (spec §7 Versions "resource gantt"): the resources this version's assignments use,
 * each with its bars and the chosen row's demand against availability, by day, week or month. The space's resource
 * usage page (every version, the works behind a bar) is one link away.
 */
export function VersionResourceGantt({ spaceId, versionId }: { spaceId: string; versionId: string }) {
  const { t } = useTranslation("resources", { keyPrefix: "usage" });
  useUsageLive(spaceId);
  const [scale, setScale] = useState<UsageScale>("week");
  const [by, setBy] = useState<UsageGrouping>("resource");
  const [selected, setSelected] = useState<{ row: number; bucket: number }>({ row: 0, bucket: -1 });
  const gantt = useVersionResourceGantt(spaceId, versionId, { scale, by });
  const columns = gantt.data;
  const row = columns && selected.row < columns.rows.id.length ? selected.row : 0;
  return (
    <Box style={{ height: "100%", display: "flex", flexDirection: "column" }} data-testid="version-resource-gantt">
      <Group gap="xs" wrap="wrap" px="xs" py={4} style={{ flex: "none" }}>
        <SegmentedControl
          size="xs"
          aria-label={t("scale")}
          value={scale}
          onChange={(value) => setScale(value as UsageScale)}
          data={USAGE_SCALES.map((s) => ({ value: s, label: t(`scales.${s}`) }))}
        />
        <SegmentedControl
          size="xs"
          aria-label={t("by")}
          value={by}
          onChange={(value) => {
            setSelected({ row: 0, bucket: -1 });
            setBy(value as UsageGrouping);
          }}
          data={USAGE_GROUPINGS.map((g) => ({ value: g, label: t(`groupings.${g}`) }))}
        />
        <Anchor component={Link} to={`/${spaceId}/resources?view=usage&target=${versionId}`} size="xs">
          {t("openUsage")}
        </Anchor>
      </Group>
      <Box style={{ flex: 1, minHeight: 0 }}>
        {gantt.isError ? (
          <Alert color="red" m="xs">
            {errorsOf(gantt.error)
              .map((e) => describeError(e).title)
              .join("; ")}
          </Alert>
        ) : !columns ? (
          <Center h="100%">
            <Loader size="sm" />
          </Center>
        ) : columns.rows.id.length === 0 ? (
          <Text size="sm" c="dimmed" p="xs">
            {t("versionEmpty")}
          </Text>
        ) : (
          <UsageChart
            columns={columns}
            selectedRow={row}
            pickedBucket={selected.bucket}
            onSelectRow={(r) => setSelected({ row: r, bucket: -1 })}
            onPickBar={(r, b) => setSelected({ row: r, bucket: b })}
          />
        )}
      </Box>
    </Box>
  );
}
