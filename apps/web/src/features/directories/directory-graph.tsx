import { Group, Modal, Stack, Text } from "@mantine/core";
import type { Directory, DirectoryGraph } from "@planum/contracts";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { directoriesApi, directoryKeys } from "./directories-api";

interface Props {
  spaceId: string;
  /** The graph shows the directories seen at this directory's node. */
  directory: Directory;
  onClose(): void;
}

const COLOURS = {
  linked: "var(--mantine-color-teal-6)",
  donor: "var(--mantine-color-blue-6)",
  relation: "var(--mantine-color-orange-6)",
} as const;
const BOX = { height: 40, gap: 14, top: 16 };
const LEFT = { x: 70, width: 250 };
const RIGHT = { x: 520, width: 230 };
const WIDTH = 770;

/** A name cut to what a box holds, whole in the box's tooltip. */
const fit = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * The graph of links (spec §7 directory `graph`, issue 14): the directories seen at a node on the left, the works and
 * the work attributes their donors fill on the right; a linked attribute is an edge to the works, a donor an edge to
 * its attribute (both labelled with the column), a complex relation an arc between two directories.
 */
export function DirectoryGraphDialog({ spaceId, directory, onClose }: Props) {
  const { t } = useTranslation("directories");
  const graph = useQuery({
    queryKey: [...directoryKeys.all(spaceId), "graph", directory.nodeId],
    queryFn: () => directoriesApi.graph(directory.nodeId),
  });
  return (
    <Modal opened onClose={onClose} title={t("graph.title", { name: directory.nodeName })} size="xl" centered>
      <Stack gap="sm">
        <Group gap="md" wrap="wrap">
          {(["linked", "donor", "relation"] as const).map((kind) => (
            <Group key={kind} gap={6} wrap="nowrap">
              <svg width="28" height="8" aria-hidden>
                <line x1="0" y1="4" x2="28" y2="4" stroke={COLOURS[kind]} strokeWidth="3" />
              </svg>
              <Text size="xs">{t(`graph.${kind}`)}</Text>
            </Group>
          ))}
        </Group>
        {graph.data ? <GraphPicture graph={graph.data} /> : <Text size="sm">…</Text>}
      </Stack>
    </Modal>
  );
}

function GraphPicture({ graph }: { graph: DirectoryGraph }) {
  const { t } = useTranslation("directories");
  const worksLabel = t("graph.works");
  const rowY = (index: number) => BOX.top + index * (BOX.height + BOX.gap);
  const left = new Map(graph.directories.map((d, i) => [d.id, rowY(i)]));
  // the works first, then each attribute a donor fills
  const right = new Map<string | null, number>([
    [null, rowY(0)],
    ...graph.attributes.map((a, i) => [a.id, rowY(i + 1)] as const),
  ]);
  const rows = Math.max(graph.directories.length, graph.attributes.length + 1);
  const height = BOX.top * 2 + rows * (BOX.height + BOX.gap);
  const nameOf = new Map<string | null, string>([
    [null, worksLabel],
    ...graph.directories.map((d) => [d.id, d.name] as const),
    ...graph.attributes.map((a) => [a.id, a.name] as const),
  ]);
  // several relations leaving one directory bulge further each, so their arcs do not lie on each other
  const arcs = new Map<string, number>();
  const half = BOX.height / 2;
  const text = { fill: "var(--mantine-color-text)", fontSize: 13 };
  const halo = { paintOrder: "stroke" as const, stroke: "var(--mantine-color-body)", strokeWidth: 4 };
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${height}`}
      width="100%"
      role="img"
      aria-label={t("graph.picture")}
      data-testid="directory-graph"
      style={{ maxHeight: "70vh" }}
    >
      {graph.edges.map((e) => {
        const fromY = (left.get(e.from) ?? 0) + half;
        const label = `${nameOf.get(e.from)} → ${nameOf.get(e.to) ?? ""}: ${e.label}`;
        if (e.kind === "relation") {
          const toY = (left.get(e.to ?? "") ?? 0) + half;
          const n = (arcs.get(e.from) ?? 0) + 1;
          arcs.set(e.from, n);
          const bulge = LEFT.x - 18 * n - 10;
          return (
            <g key={`${e.kind}:${e.from}:${e.to}:${e.label}`} data-testid="graph-edge" aria-label={label}>
              <title>{label}</title>
              <path
                d={`M ${LEFT.x} ${fromY} C ${bulge} ${fromY}, ${bulge} ${toY}, ${LEFT.x} ${toY}`}
                fill="none"
                stroke={COLOURS.relation}
                strokeWidth="2.5"
                markerEnd="url(#graph-arrow-relation)"
              />
            </g>
          );
        }
        const toY = (right.get(e.to) ?? 0) + half;
        const x1 = LEFT.x + LEFT.width;
        const x2 = RIGHT.x;
        return (
          <g key={`${e.kind}:${e.from}:${e.to}:${e.label}`} data-testid="graph-edge" aria-label={label}>
            <title>{label}</title>
            <path
              d={`M ${x1} ${fromY} C ${x1 + 90} ${fromY}, ${x2 - 90} ${toY}, ${x2} ${toY}`}
              fill="none"
              stroke={COLOURS[e.kind]}
              strokeWidth="2.5"
              strokeDasharray={e.kind === "linked" ? "6 4" : undefined}
              markerEnd={`url(#graph-arrow-${e.kind})`}
            />
            <text x={(x1 + x2) / 2} y={(fromY + toY) / 2 - 4} textAnchor="middle" {...text} fontSize={12} style={halo}>
              {fit(e.label, 22)}
            </text>
          </g>
        );
      })}
      <defs>
        {(["linked", "donor", "relation"] as const).map((kind) => (
          <marker
            key={kind}
            id={`graph-arrow-${kind}`}
            viewBox="0 0 10 10"
            refX="9"
            refY="5"
            markerWidth="7"
            markerHeight="7"
            orient="auto-start-reverse"
          >
            <path d="M 0 0 L 10 5 L 0 10 z" fill={COLOURS[kind]} />
          </marker>
        ))}
      </defs>
      {graph.directories.map((d) => (
        <GraphBox key={d.id} x={LEFT.x} y={left.get(d.id)!} width={LEFT.width} name={d.name} note={d.nodeName} />
      ))}
      {[...right].map(([id, y]) => (
        <GraphBox
          key={id ?? "works"}
          x={RIGHT.x}
          y={y}
          width={RIGHT.width}
          name={nameOf.get(id) ?? ""}
          strong={id === null}
        />
      ))}
    </svg>
  );
}

function GraphBox(props: { x: number; y: number; width: number; name: string; note?: string; strong?: boolean }) {
  return (
    <g data-testid="graph-node" aria-label={props.name}>
      <title>{props.note ? `${props.name} — ${props.note}` : props.name}</title>
      <rect
        x={props.x}
        y={props.y}
        width={props.width}
        height={BOX.height}
        rx="6"
        fill={props.strong ? "var(--mantine-color-default-hover)" : "var(--mantine-color-body)"}
        stroke="var(--mantine-color-default-border)"
      />
      <text x={props.x + 10} y={props.y + 25} fill="var(--mantine-color-text)" fontSize="13" fontWeight={600}>
        {fit(props.name, 30)}
      </text>
    </g>
  );
}
