import { randomUUID } from "node:crypto";
import type { Language } from "@planum/contracts";
import type { attributeValues, epsNodes, scheduleGroups, schedules } from "../../db/schema/index.js";
import type { DbOrTx } from "../../platform/db.js";
import {
  insertAttributes,
  insertAttributeValues,
  insertNodes,
  insertScheduleGroups,
  insertSchedules,
  spaceHasNodes,
} from "./structure-demo.repo.js";

type Texts = Record<Language, string>;
const t = (ru: string, en: string, fr: string): Texts => ({ ru, en, fr });

type AttributeKey = "budget" | "completion" | "stage" | "contractor" | "handover" | "code";
type Value = string | number | Texts;

interface DemoNode {
  name: Texts;
  kind: "node" | "facility" | "project";
  key: string;
  values?: Partial<Record<AttributeKey, Value>>;
  /** `main`: the schedule the demo building project goes into. */
  schedules?: { name: Texts; group?: Texts; main?: true }[];
  children?: DemoNode[];
}

const STAGES = {
  design: t("Проектирование", "Design", "Conception"),
  documents: t("Рабочая документация", "Construction documents", "Études d'exécution"),
  construction: t("Строительство", "Construction", "Travaux"),
  handedOver: t("Сдан", "Handed over", "Livré"),
};

/** Budgets are in the currency of the language's country: roubles, pounds, euros. */
const CURRENCY: Record<Language, { unit: string; rate: number }> = {
  ru: { unit: "RUB", rate: 1 },
  en: { unit: "GBP", rate: 1 / 100 },
  fr: { unit: "EUR", rate: 1 / 90 },
};

/** A residential development as a general contractor would plan it (dates of the year after `year`). */
function demoTree(year: number): DemoNode[] {
  return [
    {
      name: t("ЖК «Северный»", "Northgate Residences", "Résidence Les Tilleuls"),
      kind: "node",
      key: "SEV",
      children: [
        {
          name: t("Корпус 1", "Block A", "Bâtiment A"),
          kind: "facility",
          key: "SEV-K1",
          values: {
            stage: STAGES.construction,
            contractor: t("СтройМонолит", "Northgate Build Ltd", "Bâtir Nord SAS"),
            handover: `${year + 1}-06-30`,
          },
          children: [
            {
              name: t("Жилой дом, корпус 1", "Residential building, block A", "Immeuble de logements, bâtiment A"),
              kind: "project",
              key: "SEV-K1-MON",
              values: { budget: 412_500_000, completion: 38.5, stage: STAGES.construction },
              schedules: [
                {
                  name: t(
                    "Генеральный график строительства",
                    "Master construction schedule",
                    "Planning général des travaux",
                  ),
                  group: t("Строительство", "Construction", "Travaux"),
                  main: true,
                },
                { name: t("Поставки материалов", "Material deliveries", "Approvisionnements") },
              ],
            },
            {
              name: t("Фасадные работы", "Facade package", "Lot façades"),
              kind: "project",
              key: "SEV-K1-FAS",
              values: { budget: 96_000_000, completion: 0, stage: STAGES.documents },
              schedules: [{ name: t("Навесной фасад", "Rainscreen cladding", "Façade ventilée") }],
            },
          ],
        },
        {
          name: t("Подземный паркинг", "Underground car park", "Parking souterrain"),
          kind: "facility",
          key: "SEV-P",
          values: {
            stage: STAGES.design,
            contractor: t("ГеоСтрой", "Deepdig Civils", "Géo Travaux"),
            handover: `${year + 1}-12-15`,
          },
          children: [
            {
              name: t("Котлован и ограждение", "Excavation and retaining walls", "Terrassement et soutènement"),
              kind: "project",
              key: "SEV-P-KOT",
              values: { budget: 58_750_000, completion: 72, stage: STAGES.construction },
              schedules: [{ name: t("Земляные работы", "Earthworks", "Terrassements") }],
            },
          ],
        },
      ],
    },
    { name: t("Инженерные сети", "Utility networks", "Réseaux extérieurs"), kind: "node", key: "NET" },
  ];
}

function demoAttributes(
  language: Language,
): { key: AttributeKey; name: Texts; type: string; settings?: Record<string, unknown>; list?: Texts[] }[] {
  return [
    {
      key: "budget",
      name: t("Бюджет", "Budget", "Budget"),
      type: "money",
      settings: { precision: 2, unit: CURRENCY[language].unit },
    },
    {
      key: "completion",
      name: t("Готовность", "Completion", "Avancement"),
      type: "percentage",
      settings: { precision: 1 },
    },
    { key: "stage", name: t("Стадия", "Stage", "Phase"), type: "list", list: Object.values(STAGES) },
    { key: "contractor", name: t("Подрядчик", "Contractor", "Entreprise"), type: "string" },
    { key: "handover", name: t("Дата ввода", "Handover date", "Date de livraison"), type: "date" },
    { key: "code", name: t("Код", "Code", "Code"), type: "code" },
  ];
}

/**
 * Fills an empty space with the demo structure in the user's language and answers the id of the schedule the demo
 * building project goes into; a space that already has nodes is left alone (null: the job may run again).
 */
export async function seedDemoStructure(
  db: DbOrTx,
  spaceId: string,
  userId: string | null,
  options: { language: Language; today?: Date },
): Promise<string | null> {
  if (await spaceHasNodes(db, spaceId)) return null;
  const { language } = options;
  const year = (options.today ?? new Date()).getUTCFullYear();
  const definitions = demoAttributes(language);
  const attributeIds = await insertAttributes(
    db,
    definitions.map((a) => ({
      spaceId,
      name: a.name[language],
      type: a.type,
      settings: a.settings ?? {},
      listValues: (a.list ?? []).map((v) => v[language]),
    })),
  );
  const attributeOf = new Map(definitions.map((a, i) => [a.key, attributeIds[i]]));
  const nodes: (typeof epsNodes.$inferInsert)[] = [];
  const values: (typeof attributeValues.$inferInsert)[] = [];
  const groups: (typeof scheduleGroups.$inferInsert)[] = [];
  const scheduleRows: (typeof schedules.$inferInsert)[] = [];
  let main: string | null = null;
  const walk = (list: DemoNode[], parent: { id: string; path: string; depth: number } | null) => {
    for (const [order, node] of list.entries()) {
      const id = randomUUID();
      const path = `${parent?.path ?? "/"}${id}/`;
      const depth = parent ? parent.depth + 1 : 0;
      nodes.push({
        id,
        spaceId,
        parentId: parent?.id ?? null,
        kind: node.kind,
        name: node.name[language],
        key: node.key,
        sortOrder: order,
        path,
        depth,
        createdBy: userId,
      });
      for (const [key, value] of Object.entries(node.values ?? {}) as [AttributeKey, Value][]) {
        const stored =
          typeof value === "object"
            ? value[language]
            : key === "budget"
              ? Math.round((value as number) * CURRENCY[language].rate)
              : value;
        values.push({ nodeId: id, attributeId: attributeOf.get(key)!, spaceId, value: stored });
      }
      const groupIds = new Map<string, string>();
      for (const [index, schedule] of (node.schedules ?? []).entries()) {
        const groupName = schedule.group?.[language];
        if (groupName && !groupIds.has(groupName)) {
          const groupId = randomUUID();
          groups.push({ id: groupId, spaceId, projectId: id, name: groupName, sortOrder: groupIds.size });
          groupIds.set(groupName, groupId);
        }
        const scheduleId = randomUUID();
        if (schedule.main) main = scheduleId;
        scheduleRows.push({
          id: scheduleId,
          spaceId,
          projectId: id,
          name: schedule.name[language],
          groupId: groupName ? groupIds.get(groupName) : null,
          sortOrder: index,
          settings: { scenario: 1, calculationMode: "auto" },
          createdBy: userId,
        });
      }
      walk(node.children ?? [], { id, path, depth });
    }
  };
  walk(demoTree(year), null);
  await insertNodes(db, nodes);
  await insertAttributeValues(db, values);
  await insertScheduleGroups(db, groups);
  await insertSchedules(db, scheduleRows);
  return main;
}
