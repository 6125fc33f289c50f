import type { FormatId, ScheduleModel } from "./schedule-model.js";

/**
 * What a reader did with a file besides the model: how much it read and every value it could not use.
 * Readers open every file the source tool opens; a value the calculation does not need that cannot be read,
 * a calendar the file lacks, a relation to an activity outside the file… becomes a warning with its place
 * instead of a refusal, and nothing is dropped without one.
 */
export type ReadWarningCode =
  /** A value that cannot be read (not a date, out of range, not a number) in a field the calculation can do without: ignored. */
  | "ValueIgnored"
  /** An enumeration value the reader does not know (activity type, constraint, relation type…): `fallback` used. */
  | "UnknownValue"
  /** An activity or project names a calendar the file does not contain: the project's default, else the global default, is used. */
  | "CalendarMissing"
  /** A calendar's data cannot be read: a standard Monday–Friday 08:00–17:00 week is used. */
  | "CalendarUnreadable"
  /** A relation whose predecessor or successor is not in the file (neither side is an activity of it): dropped. */
  | "RelationDropped"
  /** A relation to or from an activity of a project outside the file: kept as an external, with the dates the file stores. */
  | "RelationExternal"
  /** A duplicate relation (same predecessor, successor and type): the later one is dropped. */
  | "RelationDuplicate"
  /** An activity of a project the file does not describe: dropped with its relations. */
  | "ActivityDropped"
  /** A resource assignment, code assignment or UDF value pointing at something not in the file: dropped. */
  | "ReferenceDropped";

/** Where a warning comes from: a table row (XER, CSV, XLSX, MPX) or an XML element and line, plus the activity. */
export interface ReadPlace {
  table?: string;
  /** 1-based row of the table. */
  row?: number;
  element?: string;
  /** 1-based line of the file. */
  line?: number;
  field?: string;
  /** The activity ID shown by the source tool (P6 task_code, MS Project ID). */
  activity?: string;
  /** The project code (P6 proj_short_name) when the file holds several. */
  project?: string;
}

export interface ReadWarning {
  code: ReadWarningCode;
  /** English text with the values filled in (logs, CLI); user interfaces use `code` + `params` (see readWarningText). */
  message: string;
  params: Record<string, string | number>;
  place?: ReadPlace;
}

export interface ReadCounts {
  projects: number;
  activities: number;
  relations: number;
  calendars: number;
  resources: number;
  /** Activity code values. */
  codes: number;
}

export interface ReadReport {
  format: FormatId;
  /** The tool that wrote the file when the file says so ("Primavera P6", "Microsoft Project"…). */
  producer?: string;
  counts: ReadCounts;
  warnings: ReadWarning[];
}

/** Warnings of one kind beyond this many are counted, not listed (a 100k-activity file can hold 100k bad dates). */
export const MAX_WARNINGS_PER_CODE = 200;

/** Options every file reader takes. */
export interface ReaderOptions {
  /** Collects what the reader ignored, replaced or dropped; a reader without one keeps them to itself. */
  warnings?: ReadWarnings;
}

/** The collector a reader fills while it reads. */
export class ReadWarnings {
  readonly list: ReadWarning[] = [];
  /** Warnings not listed because their code reached MAX_WARNINGS_PER_CODE, by code. */
  readonly omitted = new Map<ReadWarningCode, number>();
  private readonly perCode = new Map<ReadWarningCode, number>();

  warn(code: ReadWarningCode, params: Record<string, string | number>, place?: ReadPlace): void {
    const n = (this.perCode.get(code) ?? 0) + 1;
    this.perCode.set(code, n);
    if (n > MAX_WARNINGS_PER_CODE) {
      this.omitted.set(code, (this.omitted.get(code) ?? 0) + 1);
      return;
    }
    const clean: ReadPlace | undefined = place ? stripUndefined(place) : undefined;
    this.list.push({
      code,
      message: readWarningText({ code, params }, "en"),
      params,
      ...(clean && Object.keys(clean).length > 0 ? { place: clean } : {}),
    });
  }

  /** Total of warnings raised, listed or not. */
  get total(): number {
    let t = 0;
    for (const n of this.perCode.values()) t += n;
    return t;
  }
}

function stripUndefined(place: ReadPlace): ReadPlace {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(place)) if (v !== undefined && v !== "") out[k] = v;
  return out as ReadPlace;
}

export function countModel(model: ScheduleModel): ReadCounts {
  return {
    projects: model.projects.length,
    activities: model.activities.length,
    relations: model.relations.length,
    calendars: model.calendars.length,
    resources: model.resources.length,
    codes: model.codeValues.length,
  };
}

/** The report of a finished read; warnings over the per-code cap are summed up in one `…omitted` parameter each. */
export function buildReadReport(model: ScheduleModel, warnings: ReadWarnings): ReadReport {
  const list = [...warnings.list];
  for (const [code, omitted] of warnings.omitted) {
    const last = [...list].reverse().find((w) => w.code === code);
    if (last) last.params = { ...last.params, omitted };
  }
  return {
    format: model.source?.format ?? "json",
    ...(model.source?.producer ? { producer: model.source.producer } : {}),
    counts: countModel(model),
    warnings: list,
  };
}

export type ReadWarningLanguage = "en" | "ru" | "fr";

/**
 * Texts of the warnings in the product's languages; `{{name}}` is replaced by the warning's params. The place
 * (table, row, field / element, line) is shown beside the text, not inside it.
 */
export const READ_WARNING_MESSAGES: Record<ReadWarningLanguage, Record<ReadWarningCode, string>> = {
  en: {
    ValueIgnored: 'The value "{{value}}" of {{field}} cannot be read ({{reason}}); it is ignored',
    UnknownValue: 'Unknown value "{{value}}" of {{field}}; "{{fallback}}" is used',
    CalendarMissing: 'Calendar {{calendar}} is not in the file; "{{fallback}}" is used as P6 does',
    CalendarUnreadable: 'The data of calendar "{{calendar}}" cannot be read; a standard Monday–Friday week is used',
    RelationDropped:
      "The relation {{predecessor}} → {{successor}} names an activity that is not in the file; it is dropped",
    RelationExternal:
      "The relation {{predecessor}} → {{successor}} links to project {{project}}, which is not in the file; the dates the file stores for the other side are used",
    RelationDuplicate: "The relation {{predecessor}} → {{successor}} ({{type}}) appears twice; the repeat is dropped",
    ActivityDropped:
      "Activity {{activity}} belongs to project {{project}}, which the file does not describe; it is dropped",
    ReferenceDropped: "{{what}} refers to {{target}}, which is not in the file; it is dropped",
  },
  ru: {
    ValueIgnored: "Значение «{{value}}» поля {{field}} не читается ({{reason}}) и пропущено",
    UnknownValue: "Неизвестное значение «{{value}}» поля {{field}}; использовано «{{fallback}}»",
    CalendarMissing: "Календаря {{calendar}} нет в файле; как в P6, использован «{{fallback}}»",
    CalendarUnreadable: "Данные календаря «{{calendar}}» не читаются; использована стандартная неделя пн–пт",
    RelationDropped: "Связь {{predecessor}} → {{successor}} ссылается на работу, которой нет в файле; связь пропущена",
    RelationExternal:
      "Связь {{predecessor}} → {{successor}} ведёт в проект {{project}}, которого нет в файле; использованы даты другой стороны, записанные в файле",
    RelationDuplicate: "Связь {{predecessor}} → {{successor}} ({{type}}) повторяется; повтор пропущен",
    ActivityDropped: "Работа {{activity}} принадлежит проекту {{project}}, которого нет в файле; работа пропущена",
    ReferenceDropped: "{{what}} ссылается на {{target}}, которого нет в файле; пропущено",
  },
  fr: {
    ValueIgnored: "La valeur « {{value}} » de {{field}} est illisible ({{reason}}) ; elle est ignorée",
    UnknownValue: "Valeur inconnue « {{value}} » de {{field}} ; « {{fallback}} » est utilisé",
    CalendarMissing:
      "Le calendrier {{calendar}} n'est pas dans le fichier ; « {{fallback}} » est utilisé comme dans P6",
    CalendarUnreadable:
      "Les données du calendrier « {{calendar}} » sont illisibles ; une semaine standard du lundi au vendredi est utilisée",
    RelationDropped:
      "La relation {{predecessor}} → {{successor}} désigne une activité absente du fichier ; elle est ignorée",
    RelationExternal:
      "La relation {{predecessor}} → {{successor}} mène au projet {{project}}, absent du fichier ; les dates de l'autre côté enregistrées dans le fichier sont utilisées",
    RelationDuplicate:
      "La relation {{predecessor}} → {{successor}} ({{type}}) apparaît deux fois ; la répétition est ignorée",
    ActivityDropped:
      "L'activité {{activity}} appartient au projet {{project}}, que le fichier ne décrit pas ; elle est ignorée",
    ReferenceDropped: "{{what}} renvoie à {{target}}, absent du fichier ; ignoré",
  },
};

export function readWarningText(
  warning: Pick<ReadWarning, "code" | "params">,
  language: ReadWarningLanguage = "en",
): string {
  const template = READ_WARNING_MESSAGES[language][warning.code];
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(warning.params[name] ?? ""));
}
