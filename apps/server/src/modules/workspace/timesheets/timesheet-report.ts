import type {
  ExportResult,
  Language,
  MyTimesheet,
  SpaceTimesheet,
  TimesheetGroup,
  TimesheetStatus,
} from "@planum/contracts";
import { type Cell, writeXlsxRows } from "@planum/formats";
import type { Grant } from "../../../platform/access.js";
import type { AppContext } from "../../../platform/context.js";
import { fileName } from "../../interchange/interchange.service.js";
import { dateOf } from "../wdp/wdp-days.js";
import { weekDays } from "./timesheet-week.js";

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** The sheet's words in each language (the web's names of the same things, kept short for column heads). */
const LABELS: Record<
  Language,
  {
    sheet: string;
    title: string;
    spaceTitle: string;
    person: string;
    columns: [string, string, string];
    days: string[];
    total: string;
    status: string;
    statuses: Record<TimesheetStatus, string>;
  }
> = {
  en: {
    sheet: "Timesheet",
    title: "Timesheet of {{name}}, week of {{week}}",
    spaceTitle: "Timesheets of {{name}}, week of {{week}}",
    person: "Person",
    columns: ["Group", "Code", "Work"],
    days: ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"],
    total: "Total",
    status: "Status",
    statuses: { draft: "Draft", submitted: "Sent", APPROVED: "Approved", DECLINED: "Declined" },
  },
  ru: {
    sheet: "Табель",
    title: "Табель: {{name}}, неделя с {{week}}",
    spaceTitle: "Табели пространства {{name}}, неделя с {{week}}",
    person: "Сотрудник",
    columns: ["Группа", "Код", "Работа"],
    days: ["Пн", "Вт", "Ср", "Чт", "Пт", "Сб", "Вс"],
    total: "Итого",
    status: "Статус",
    statuses: { draft: "Черновик", submitted: "Отправлено", APPROVED: "Утверждено", DECLINED: "Отклонено" },
  },
  fr: {
    sheet: "Feuille de temps",
    title: "Feuille de temps de {{name}}, semaine du {{week}}",
    spaceTitle: "Feuilles de temps de {{name}}, semaine du {{week}}",
    person: "Personne",
    columns: ["Groupe", "Code", "Activité"],
    days: ["Lun", "Mar", "Mer", "Jeu", "Ven", "Sam", "Dim"],
    total: "Total",
    status: "Statut",
    statuses: { draft: "Brouillon", submitted: "Envoyé", APPROVED: "Approuvé", DECLINED: "Refusé" },
  },
};

const shown = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;

interface SheetInput {
  title: string;
  /** The stored file's name. */
  name: string;
  week: string;
  groups: TimesheetGroup[];
  /** A column with each line's person (the space's report: everyone's hours). */
  withPerson: boolean;
}

/**
 * A week of timesheets as an XLSX sheet in the caller's temp area (as the work-done plan's exports): a title, the
 * head with each day's date, one row per line under its group's row (bold), the days' totals last.
 */
async function writeWeekSheet(
  ctx: Pick<AppContext, "db" | "storage">,
  grant: Grant,
  input: SheetInput,
  labels: (typeof LABELS)[Language],
): Promise<ExportResult> {
  const days = weekDays(input.week).map(dateOf);
  const lead = input.withPerson ? [labels.person, ...labels.columns] : labels.columns;
  const blank = lead.map(() => "");
  const rows: Cell[][] = [
    [input.title],
    [],
    [...lead, ...days.map((d, k) => `${labels.days[k]} ${shown(d).slice(0, 5)}`), labels.total, labels.status],
  ];
  const bold = [1];
  const dayTotals = Array<number>(7).fill(0);
  for (const group of input.groups) {
    rows.push([group.label, ...blank.slice(1), ...Array(7).fill(null), group.total, ""]);
    bold.push(rows.length);
    for (const line of group.lines) {
      line.hours.forEach((h, k) => {
        dayTotals[k] += h;
      });
      const who = input.withPerson ? [line.user.name] : [];
      rows.push(["", ...who, line.code, line.name, ...line.hours, line.total, labels.statuses[line.status]]);
    }
  }
  const total = dayTotals.reduce((a, b) => a + b, 0);
  rows.push([labels.total, ...blank.slice(1), ...dayTotals.map((h) => Math.round(h * 100) / 100), total, ""]);
  bold.push(rows.length);
  const leadWidths = input.withPerson ? [28, 28, 12, 44] : [28, 12, 44];
  const bytes = await writeXlsxRows(rows, {
    sheet: labels.sheet,
    header: 3,
    freezeColumns: lead.length,
    widths: [...leadWidths, ...Array(8).fill(10), 14],
    numberFormat: "0.##",
    boldRows: bold,
  });
  const stored = await ctx.storage.save(ctx.db, {
    area: "temp",
    name: input.name,
    mediaType: XLSX_TYPE,
    bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
    spaceId: grant.space.id,
    ownerUserId: grant.userId,
  });
  return { fileId: stored.id, name: stored.name, size: stored.size };
}

/** The caller's week (`GET /users/timesheet/report`). */
export function timesheetSheet(
  ctx: Pick<AppContext, "db" | "storage">,
  grant: Grant,
  sheet: MyTimesheet,
  person: string,
  language: Language,
): Promise<ExportResult> {
  const labels = LABELS[language];
  const title = labels.title.replace("{{name}}", person).replace("{{week}}", shown(sheet.week));
  const name = fileName(labels.sheet, " - ", person, " - ", sheet.week, ".xlsx");
  return writeWeekSheet(ctx, grant, { title, name, week: sheet.week, groups: sheet.groups, withPerson: false }, labels);
}

/** Everyone's week in the space, grouped by project or task (`GET /space/{id}/timesheet/report`). */
export function spaceTimesheetSheet(
  ctx: Pick<AppContext, "db" | "storage">,
  grant: Grant,
  sheet: SpaceTimesheet,
  language: Language,
): Promise<ExportResult> {
  const labels = LABELS[language];
  const title = labels.spaceTitle.replace("{{name}}", grant.space.name).replace("{{week}}", shown(sheet.week));
  const name = fileName(labels.sheet, " - ", grant.space.name, " - ", sheet.week, ".xlsx");
  return writeWeekSheet(ctx, grant, { title, name, week: sheet.week, groups: sheet.groups, withPerson: true }, labels);
}
