import type { ExportResult, Language, MyTimesheet, TimesheetStatus } from "@planum/contracts";
import { type Cell, writeXlsxRows } from "@planum/formats";
import type { Grant } from "../../../platform/access.js";
import type { AppContext } from "../../../platform/context.js";
import { fileName } from "../../interchange/interchange.service.js";

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** The sheet's words in each language (the web's names of the same things, kept short for column heads). */
const LABELS: Record<
  Language,
  {
    sheet: string;
    title: string;
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
    columns: ["Group", "Code", "Work"],
    days: ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"],
    total: "Total",
    status: "Status",
    statuses: { draft: "Draft", submitted: "Sent", APPROVED: "Approved", DECLINED: "Declined" },
  },
  ru: {
    sheet: "Табель",
    title: "Табель: {{name}}, неделя с {{week}}",
    columns: ["Группа", "Код", "Работа"],
    days: ["Пн", "Вт", "Ср", "Чт", "Пт", "Сб", "Вс"],
    total: "Итого",
    status: "Статус",
    statuses: { draft: "Черновик", submitted: "Отправлено", APPROVED: "Утверждено", DECLINED: "Отклонено" },
  },
  fr: {
    sheet: "Feuille de temps",
    title: "Feuille de temps de {{name}}, semaine du {{week}}",
    columns: ["Groupe", "Code", "Activité"],
    days: ["Lun", "Mar", "Mer", "Jeu", "Ven", "Sam", "Dim"],
    total: "Total",
    status: "Statut",
    statuses: { draft: "Brouillon", submitted: "Envoyé", APPROVED: "Approuvé", DECLINED: "Refusé" },
  },
};

const shown = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;

/**
 * A week of a timesheet as an XLSX sheet in the caller's temp area (as the work-done plan's exports): a title, the
 * head with each day's date, one row per work under its group's row (bold), the days' totals last.
 */
export async function timesheetSheet(
  ctx: Pick<AppContext, "db" | "storage">,
  grant: Grant,
  sheet: MyTimesheet,
  person: string,
  language: Language,
): Promise<ExportResult> {
  const labels = LABELS[language];
  const rows: Cell[][] = [
    [labels.title.replace("{{name}}", person).replace("{{week}}", shown(sheet.week))],
    [],
    [
      ...labels.columns,
      ...sheet.days.map((d, k) => `${labels.days[k]} ${shown(d).slice(0, 5)}`),
      labels.total,
      labels.status,
    ],
  ];
  const bold = [1];
  for (const group of sheet.groups) {
    rows.push([group.label, "", "", ...Array(7).fill(null), group.total, ""]);
    bold.push(rows.length);
    for (const line of group.lines)
      rows.push(["", line.code, line.name, ...line.hours, line.total, labels.statuses[line.status]]);
  }
  rows.push([labels.total, "", "", ...sheet.dayTotals, sheet.total, ""]);
  bold.push(rows.length);
  const bytes = await writeXlsxRows(rows, {
    sheet: labels.sheet,
    header: 3,
    freezeColumns: 3,
    widths: [28, 12, 44, 10, 10, 10, 10, 10, 10, 10, 10, 14],
    numberFormat: "0.##",
    boldRows: bold,
  });
  const stored = await ctx.storage.save(ctx.db, {
    area: "temp",
    name: fileName(labels.sheet, " - ", person, " - ", sheet.week, ".xlsx"),
    mediaType: XLSX_TYPE,
    bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
    spaceId: grant.space.id,
    ownerUserId: grant.userId,
  });
  return { fileId: stored.id, name: stored.name, size: stored.size };
}
