import { and, asc, eq, sql } from "drizzle-orm";
import { calendars, relations, schedules, versions, wbsItems } from "../../db/schema/index.js";
import type { Db } from "../../platform/db.js";
import { ensureDefaultCalendar } from "../calendars/calendars.service.js";
import { calculateVersion } from "../workspace/calculation/calculate-version.js";
import { copyWbsRows } from "../workspace/wbs/wbs-copy.repo.js";

const TWO_SHIFTS: [string, string][] = [
  ["07:00", "15:00"],
  ["15:00", "23:00"],
];
/** Russian public holidays of 2025–2026: a schedule that ignores them is not believable. */
const HOLIDAYS = [
  "2025-01-01",
  "2025-01-02",
  "2025-01-03",
  "2025-01-06",
  "2025-01-07",
  "2025-01-08",
  "2025-05-01",
  "2025-05-02",
  "2025-05-08",
  "2025-05-09",
  "2025-06-12",
  "2025-06-13",
  "2025-11-03",
  "2025-11-04",
  "2025-12-31",
  "2026-01-01",
  "2026-01-02",
  "2026-01-05",
  "2026-01-06",
  "2026-01-07",
  "2026-01-08",
  "2026-05-01",
  "2026-05-11",
  "2026-06-12",
  "2026-11-04",
].map((date) => ({ date, intervals: [] as [string, string][] }));

const FLOORS = Array.from({ length: 20 }, (_, i) => `Этаж ${i + 1}`);

/** Sections of a 20-storey residential building, each with its floors or zones and the works repeated in each. */
const SECTIONS: { name: string; zones: string[]; works: [string, number][]; shifts?: boolean }[] = [
  {
    name: "Подготовительные работы",
    zones: ["Площадка"],
    works: [
      ["Ограждение площадки", 5],
      ["Временные дороги", 8],
      ["Бытовой городок", 6],
      ["Временное электроснабжение", 4],
      ["Геодезическая разбивка", 2],
    ],
  },
  {
    name: "Земляные работы",
    zones: ["Котлован", "Приямки"],
    works: [
      ["Разработка грунта", 12],
      ["Водоотлив", 10],
      ["Крепление стенок", 7],
      ["Зачистка дна", 3],
      ["Песчаная подготовка", 4],
    ],
    shifts: true,
  },
  {
    name: "Фундаменты",
    zones: ["Захватка 1", "Захватка 2", "Захватка 3"],
    works: [
      ["Бетонная подготовка", 3],
      ["Гидроизоляция", 4],
      ["Армирование плиты", 6],
      ["Опалубка плиты", 4],
      ["Бетонирование плиты", 2],
      ["Уход за бетоном", 7],
      ["Обратная засыпка", 3],
    ],
    shifts: true,
  },
  {
    name: "Каркас",
    zones: FLOORS,
    works: [
      ["Армирование колонн", 3],
      ["Опалубка колонн", 2],
      ["Бетонирование колонн", 1],
      ["Опалубка перекрытия", 3],
      ["Армирование перекрытия", 4],
      ["Бетонирование перекрытия", 1],
      ["Распалубка", 2],
    ],
    shifts: true,
  },
  {
    name: "Ограждающие конструкции",
    zones: FLOORS,
    works: [
      ["Кладка наружных стен", 6],
      ["Перегородки", 5],
      ["Монтаж окон", 3],
      ["Утепление фасада", 4],
    ],
  },
  {
    name: "Инженерные системы",
    zones: FLOORS,
    works: [
      ["Водопровод и канализация", 4],
      ["Отопление", 4],
      ["Вентиляция", 5],
      ["Электромонтаж", 5],
      ["Слаботочные системы", 3],
      ["Пусконаладка", 2],
    ],
  },
  {
    name: "Отделка",
    zones: FLOORS,
    works: [
      ["Штукатурка", 5],
      ["Стяжка пола", 3],
      ["Шпаклёвка и окраска", 6],
      ["Чистовые полы", 4],
      ["Установка дверей", 2],
      ["Сантехприборы", 2],
    ],
  },
  {
    name: "Кровля и благоустройство",
    zones: ["Кровля", "Территория"],
    works: [
      ["Пароизоляция", 2],
      ["Утеплитель", 3],
      ["Мембрана", 3],
      ["Водосток", 2],
      ["Асфальтирование", 4],
      ["Озеленение", 3],
    ],
  },
];

/**
 * Fills a schedule of the demo space with a believable building project: two calendars (five days of eight hours,
 * two shifts for heavy works, both with public holidays), a WBS of sections and floors with about 530 works and
 * milestones, relations of all four types, a calculated actual version and a target version to compare with.
 */
export async function seedDemoSchedule(
  db: Db,
  target: { spaceId: string; scheduleId: string; userId?: string | null },
) {
  const { spaceId, scheduleId } = target;
  // The seeded actual version is the answer on a second call; without the order PostgreSQL may return the target.
  const [existing] = await db
    .select({ id: versions.id })
    .from(versions)
    .where(eq(versions.scheduleId, scheduleId))
    .orderBy(sql`${versions.kind} = 'actual' desc`, asc(versions.createdAt))
    .limit(1);
  if (existing) return existing.id;
  const standard = await ensureDefaultCalendar(db, spaceId);
  await db.update(calendars).set({ exceptions: HOLIDAYS }).where(eq(calendars.id, standard.id));
  const [shifts] = await db
    .insert(calendars)
    .values({
      spaceId,
      name: "Две смены 6×16",
      week: [TWO_SHIFTS, TWO_SHIFTS, TWO_SHIFTS, TWO_SHIFTS, TWO_SHIFTS, TWO_SHIFTS, []],
      exceptions: HOLIDAYS,
    })
    .returning();
  const [version] = await db
    .insert(versions)
    .values({
      spaceId,
      scheduleId,
      kind: "actual",
      label: "Рабочая",
      projectStart: "2025-03-03T08:00",
      dataDate: "2025-06-02T08:00",
      createdBy: target.userId ?? null,
    })
    .returning();
  const add = async (values: Omit<typeof wbsItems.$inferInsert, "spaceId" | "versionId">) =>
    (
      await db
        .insert(wbsItems)
        .values({ ...values, spaceId, versionId: version.id })
        .returning({ id: wbsItems.id })
    )[0].id;
  const links: (typeof relations.$inferInsert)[] = [];
  const link = (predecessorId: number, successorId: number, type: "fs" | "ss" | "ff" | "sf", lag = 0) =>
    links.push({ spaceId, versionId: version.id, predecessorId, successorId, type, lag });
  const start = await add({
    type: "milestone_start",
    code: "M0",
    name: "Начало строительства",
    sortOrder: 0,
    startLimitType: "not_earlier",
    startLimitDate: "2025-03-03T08:00",
  });
  let code = 10;
  let previousSectionLast: number[] = [start];
  const firstOfZone = new Map<string, number>();
  for (const [s, section] of SECTIONS.entries()) {
    const sum = await add({ type: "sum", code: `S${s + 1}`, name: section.name, sortOrder: s + 1 });
    const lasts: number[] = [];
    let previousZoneFirst: number | null = null;
    let previousZoneLast: number | null = null;
    for (const [z, zone] of section.zones.entries()) {
      const zoneSum = await add({ type: "sum", parentId: sum, code: `S${s + 1}.${z + 1}`, name: zone, sortOrder: z });
      let previous: number | null = null;
      let first: number | null = null;
      for (const [w, [name, days]] of section.works.entries()) {
        const id = await add({
          type: "work",
          parentId: zoneSum,
          sortOrder: w,
          code: `A${code}`,
          name,
          duration: days * (section.shifts ? 960 : 480),
          calendarId: section.shifts ? shifts.id : null,
          plannedVolume: days * 12,
          measure: "м3",
        });
        code += 10;
        if (previous === null) first = id;
        else link(previous, id, w % 4 === 3 ? "ss" : "fs", w % 4 === 3 ? 240 : 0);
        previous = id;
      }
      // Floors follow each other: the next floor starts when the previous one has started, and finishes after it.
      if (previousZoneFirst !== null && first !== null) link(previousZoneFirst, first, "ss", 480);
      if (previousZoneLast !== null && previous !== null) link(previousZoneLast, previous, "ff", 480);
      if (z === 0 && first !== null) for (const p of previousSectionLast) link(p, first, "fs");
      firstOfZone.set(`${s}:${zone}`, first!);
      previousZoneFirst = first;
      previousZoneLast = previous;
      lasts.push(previous!);
    }
    previousSectionLast = [lasts[lasts.length - 1]];
    // Finishing a floor waits for its services; services may start a week after the walls (SF keeps the crews busy).
    if (section.name === "Отделка") {
      for (let floor = 1; floor <= FLOORS.length; floor++) {
        link(firstOfZone.get(`5:Этаж ${floor}`)!, firstOfZone.get(`6:Этаж ${floor}`)!, "fs", 0);
        link(firstOfZone.get(`4:Этаж ${floor}`)!, firstOfZone.get(`5:Этаж ${floor}`)!, "sf", 2400);
      }
    }
  }
  const finish = await add({
    type: "milestone_finish",
    code: "M99",
    name: "Ввод в эксплуатацию",
    sortOrder: SECTIONS.length + 1,
  });
  link(previousSectionLast[0], finish, "fs");
  for (let i = 0; i < links.length; i += 500)
    await db
      .insert(relations)
      .values(links.slice(i, i + 500))
      .onConflictDoNothing();
  // Progress up to the data date: the first works are done, the earthworks are under way.
  await db.execute(sql`update wbs_items set status = 'completed', actual_start = '2025-03-03T08:00', actual_finish = '2025-04-10T17:00', percent_complete = 100
    where version_id = ${version.id} and parent_id in (select id from wbs_items where version_id = ${version.id} and code = 'S1.1')`);
  await db.execute(sql`update wbs_items set status = 'in_progress', actual_start = '2025-04-14T07:00', percent_complete = 60
    where version_id = ${version.id} and code = 'A60'`);
  await db.update(versions).set({ calcStatus: "in_process" }).where(eq(versions.id, version.id));
  await calculateVersion(db, version.id);
  // The target version: the plan as approved, before the progress.
  const [targetVersion] = await db
    .insert(versions)
    .values({
      spaceId,
      scheduleId,
      kind: "target",
      label: "Утверждённая",
      projectStart: "2025-03-03T08:00",
      createdBy: target.userId ?? null,
    })
    .returning();
  await db.transaction((tx) =>
    copyWbsRows(tx, {
      spaceId,
      fromVersionId: version.id,
      toVersionId: targetVersion.id,
      ids: null,
      rootParentId: null,
      rootOrderStart: 0,
    }),
  );
  await db.execute(sql`update wbs_items set status = 'not_started', actual_start = null, actual_finish = null, percent_complete = 0
    where version_id = ${targetVersion.id}`);
  await calculateVersion(db, targetVersion.id);
  await db
    .update(versions)
    .set({ locked: true })
    .where(and(eq(versions.id, targetVersion.id)));
  await db.execute(sql`
    update wbs_items w set target_duration = t.duration, target_start = t.early_start, target_finish = t.early_finish
    from wbs_items t where t.version_id = ${targetVersion.id} and w.version_id = ${version.id} and t.code = w.code`);
  return version.id;
}

/** The demo space's workspace: the first schedule the structure demo created gets the building project. */
export async function seedDemoWorkspace(db: Db, spaceId: string, userId: string | null) {
  const [first] = await db
    .select({ id: schedules.id })
    .from(schedules)
    .where(eq(schedules.spaceId, spaceId))
    .orderBy(asc(schedules.createdAt), asc(schedules.id))
    .limit(1);
  if (first) await seedDemoSchedule(db, { spaceId, scheduleId: first.id, userId });
}
