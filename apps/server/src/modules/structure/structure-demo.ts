import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { attributes, attributeValues, epsNodes, scheduleGroups, schedules } from "../../db/schema/index.js";
import type { Db } from "../../platform/db.js";

type Kind = "node" | "facility" | "project";
interface DemoNode {
  name: string;
  kind: Kind;
  key: string;
  values?: Record<string, string | number | boolean>;
  schedules?: { name: string; group?: string }[];
  children?: DemoNode[];
}

/** A residential development as a construction company would plan it. */
const DEMO: DemoNode[] = [
  {
    name: "ЖК «Северный»",
    kind: "node",
    key: "SEV",
    children: [
      {
        name: "Корпус 1",
        kind: "facility",
        key: "SEV-K1",
        values: { Стадия: "Строительство", Подрядчик: "СтройМонолит", "Дата ввода": "2027-06-30" },
        children: [
          {
            name: "Монолитные работы",
            kind: "project",
            key: "SEV-K1-MON",
            values: { Бюджет: 412_500_000, Готовность: 38.5, Стадия: "Строительство" },
            schedules: [{ name: "Каркас 1-12 эт.", group: "Надземная часть" }, { name: "Фундаментная плита" }],
          },
          {
            name: "Фасадные работы",
            kind: "project",
            key: "SEV-K1-FAS",
            values: { Бюджет: 96_000_000, Готовность: 0, Стадия: "Рабочая документация" },
            schedules: [{ name: "Навесной фасад" }],
          },
        ],
      },
      {
        name: "Подземный паркинг",
        kind: "facility",
        key: "SEV-P",
        values: { Стадия: "Проектирование", Подрядчик: "ГеоСтрой", "Дата ввода": "2027-12-15" },
        children: [
          {
            name: "Котлован и ограждение",
            kind: "project",
            key: "SEV-P-KOT",
            values: { Бюджет: 58_750_000, Готовность: 72, Стадия: "Строительство" },
            schedules: [{ name: "Земляные работы" }],
          },
        ],
      },
    ],
  },
  { name: "Инженерные сети", kind: "node", key: "NET" },
];

const DEMO_ATTRIBUTES = [
  { name: "Бюджет", type: "money", settings: { precision: 2, unit: "RUB" } },
  { name: "Готовность", type: "percentage", settings: { precision: 1 } },
  { name: "Стадия", type: "list", listValues: ["Проектирование", "Рабочая документация", "Строительство", "Сдан"] },
  { name: "Подрядчик", type: "string" },
  { name: "Дата ввода", type: "date" },
  { name: "Код", type: "code" },
];

/** Fills an empty space with the demo structure; a space that already has nodes is left alone (re-runnable job). */
export async function seedDemoStructure(db: Db, spaceId: string, userId: string | null) {
  const [existing] = await db.select({ id: epsNodes.id }).from(epsNodes).where(eq(epsNodes.spaceId, spaceId)).limit(1);
  if (existing) return;
  await db.transaction(async (tx) => {
    const attributeIds = new Map<string, string>();
    for (const attribute of DEMO_ATTRIBUTES) {
      const [row] = await tx
        .insert(attributes)
        .values({ spaceId, listValues: [], settings: {}, ...attribute })
        .returning();
      attributeIds.set(attribute.name, row.id);
    }
    const insert = async (nodes: DemoNode[], parent: { id: string; path: string; depth: number } | null) => {
      for (const [order, node] of nodes.entries()) {
        const id = randomUUID();
        const path = `${parent?.path ?? "/"}${id}/`;
        const depth = parent ? parent.depth + 1 : 0;
        await tx.insert(epsNodes).values({
          id,
          spaceId,
          parentId: parent?.id ?? null,
          kind: node.kind,
          name: node.name,
          key: node.key,
          sortOrder: order,
          path,
          depth,
          createdBy: userId,
        });
        const values = Object.entries(node.values ?? {});
        if (values.length)
          await tx
            .insert(attributeValues)
            .values(
              values.map(([name, value]) => ({ nodeId: id, attributeId: attributeIds.get(name)!, spaceId, value })),
            );
        const groups = new Map<string, string>();
        for (const [index, schedule] of (node.schedules ?? []).entries()) {
          if (schedule.group && !groups.has(schedule.group)) {
            const [group] = await tx
              .insert(scheduleGroups)
              .values({ spaceId, projectId: id, name: schedule.group, sortOrder: groups.size })
              .returning();
            groups.set(schedule.group, group.id);
          }
          await tx.insert(schedules).values({
            spaceId,
            projectId: id,
            name: schedule.name,
            groupId: schedule.group ? groups.get(schedule.group) : null,
            sortOrder: index,
            settings: { scenario: 1, calculationMode: "auto" },
            createdBy: userId,
          });
        }
        await insert(node.children ?? [], { id, path, depth });
      }
    };
    await insert(DEMO, null);
  });
}
