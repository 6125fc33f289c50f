import { Box, Group, NumberInput, Stack, Switch, Text, useMantineTheme } from "@mantine/core";
import { BIM_DEVIATION_CLASSES, BIM_DEVIATION_COLOURS, type BimDeviationClass } from "@planum/contracts";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { bimLinkKeys, bimLinksApi } from "./bim-links-api";

interface Props {
  spaceId: string;
  versionId: string;
  linkId: string;
  modelId: string;
  on: boolean;
  onOn: (on: boolean) => void;
  onTint: (tints: Map<number, string | null>) => void;
}

/**
 * Deviation colouring: every tied element in the colour of its finish against the target version's (ahead, on
 * time within the tolerance, late, no target) as the server's `indicator-colors/{x}` answers, with a legend that
 * counts each class.
 */
export function BimDeviation({ spaceId, versionId, linkId, modelId, on, onOn, onTint }: Props) {
  const { t } = useTranslation("bim");
  const theme = useMantineTheme();
  const [tolerance, setTolerance] = useState(0);
  const colours = useQuery({
    queryKey: [...bimLinkKeys.relations(spaceId, linkId), "indicator-colors", tolerance],
    queryFn: () => bimLinksApi.indicatorColours(versionId, linkId, tolerance),
    enabled: on,
  });
  const hex = (deviation: BimDeviationClass) => theme.colors[BIM_DEVIATION_COLOURS[deviation]]![6]!;
  const mine = useMemo(() => (colours.data ?? []).filter((e) => e.modelId === modelId), [colours.data, modelId]);
  useEffect(() => {
    if (!on) return;
    onTint(new Map(mine.map((e) => [e.expressId, theme.colors[e.colour]![6]!])));
  }, [on, mine, onTint, theme]);
  const counts = useMemo(() => {
    const result: Record<BimDeviationClass, number> = { ahead: 0, on_time: 0, late: 0, no_target: 0 };
    for (const entry of mine) result[entry.deviation] += 1;
    return result;
  }, [mine]);

  return (
    <Stack gap={4} data-testid="bim-deviation">
      <Switch
        size="xs"
        checked={on}
        onChange={(event) => onOn(event.currentTarget.checked)}
        label={t("deviation.title")}
      />
      {on ? (
        <>
          <NumberInput
            size="xs"
            w={200}
            min={0}
            max={365}
            decimalScale={2}
            label={t("deviation.tolerance")}
            value={tolerance}
            onChange={(value) => setTolerance(typeof value === "number" && value >= 0 && value <= 365 ? value : 0)}
          />
          <Group gap="xs" wrap="wrap">
            {BIM_DEVIATION_CLASSES.map((deviation) => (
              <Group key={deviation} gap={4} wrap="nowrap">
                <Box w={10} h={10} style={{ borderRadius: 2, background: hex(deviation) }} />
                <Text size="xs" data-testid={`bim-deviation-${deviation}`}>
                  {t(`deviation.${deviation}`)}: {counts[deviation]}
                </Text>
              </Group>
            ))}
          </Group>
        </>
      ) : null}
    </Stack>
  );
}
