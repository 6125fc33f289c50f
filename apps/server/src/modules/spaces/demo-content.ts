import type { Language } from "@planum/contracts";

/** A text in each language of the interface. */
export type Texts = Record<Language, string>;
const t = (ru: string, en: string, fr: string): Texts => ({ ru, en, fr });

/** A relation to an earlier work (by key): type and lag in working days of the predecessor's calendar. */
export type DemoLink = [key: string, type: "fs" | "ss" | "ff", lagDays?: number];

export interface DemoWork {
  key: string;
  name: Texts;
  /** Planned duration in working days (0 with a milestone type). */
  days: number;
  type?: "work" | "milestone_start" | "milestone_finish";
  /** Concrete and frame crews work six days a week; every other work follows the standard five-day week. */
  sixDays?: boolean;
  volume?: [quantity: number, measure: "m3" | "m2" | "t"];
  after?: DemoLink[];
}

export interface DemoGroup {
  name: Texts;
  /** The subcontractor of the group's works (a work attribute of the schedule). */
  crew?: Texts;
  children: DemoNode[];
}

export type DemoNode = DemoWork | DemoGroup;

export const MEASURES: Record<"m3" | "m2" | "t", Texts> = {
  m3: t("м³", "m³", "m³"),
  m2: t("м²", "m²", "m²"),
  t: t("т", "t", "t"),
};

export const DEMO_TEXTS = {
  standardCalendar: t("Пятидневка 8 ч", "Standard 5-day week, 8 h", "Semaine de 5 jours, 8 h"),
  sixDayCalendar: t(
    "Шестидневка 8 ч (бетонные работы)",
    "6-day week, 8 h (concrete crews)",
    "Semaine de 6 jours, 8 h (gros œuvre)",
  ),
  actualVersion: t("Текущий график", "Current schedule", "Planning en cours"),
  targetVersion: t("Утверждённый базовый план", "Approved baseline", "Référence approuvée"),
  crewAttribute: t("Субподрядчик", "Subcontractor", "Sous-traitant"),
};

/** Who does the works of each section: the general contractor's own crews and its subcontractors. */
export const CREWS = {
  civils: t("ГеоСтрой", "Deepdig Civils", "Géo Travaux"),
  frame: t("СтройМонолит", "Northgate Build Ltd", "Bâtir Nord SAS"),
  roof: t("КровляПрофи", "Topline Roofing", "Toitures du Nord"),
  envelope: t("ФасадСтрой", "Clearview Facades", "Façades Lumière"),
  services: t("ИнжСистемы", "Sparks and Pipes M&E", "Fluides et Courants"),
  finishes: t("ОтделкаСервис", "Fine Finish Interiors", "Finitions Durand"),
};

const FLOORS = 5;
const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
const floor = (n: number) => t(`Этаж ${n}`, `Floor ${n}`, `Niveau ${n}`);

/**
 * A five-storey residential building of forty flats as a general contractor plans it: site preparation,
 * earthworks and foundations, the frame floor by floor, roof, envelope, services, finishes floor by floor and
 * external works, tied by finish-to-start, start-to-start and finish-to-finish relations with lags (curing, drying,
 * crews moving up). Durations are working days; the frame and concrete works run on a six-day week.
 */
export const DEMO_PLAN: DemoNode[] = [
  {
    key: "start",
    type: "milestone_start",
    days: 0,
    name: t("Начало строительства", "Construction start", "Démarrage des travaux"),
  },
  {
    name: t("Подготовка территории", "Site preparation", "Préparation du site"),
    crew: CREWS.civils,
    children: [
      {
        key: "fence",
        days: 5,
        name: t("Ограждение площадки и въезды", "Site hoarding and access", "Clôture et accès de chantier"),
        after: [["start", "fs"]],
      },
      {
        key: "cabins",
        days: 4,
        name: t("Бытовой городок", "Site cabins and welfare", "Installation de la base vie"),
        after: [["fence", "ss", 2]],
      },
      {
        key: "power",
        days: 3,
        name: t(
          "Временные сети: электричество и вода",
          "Temporary power and water",
          "Réseaux provisoires eau et électricité",
        ),
        after: [["cabins", "fs"]],
      },
      {
        key: "setout",
        days: 2,
        name: t("Геодезическая разбивка осей", "Setting out", "Implantation topographique"),
        after: [["fence", "fs"]],
      },
    ],
  },
  {
    name: t("Земляные работы и фундаменты", "Earthworks and foundations", "Terrassements et fondations"),
    crew: CREWS.civils,
    children: [
      {
        key: "excavation",
        days: 8,
        sixDays: true,
        volume: [2400, "m3"],
        name: t("Разработка котлована", "Bulk excavation", "Terrassement en pleine masse"),
        after: [
          ["setout", "fs"],
          ["power", "fs"],
        ],
      },
      {
        key: "blinding",
        days: 3,
        volume: [60, "m3"],
        name: t("Бетонная подготовка", "Blinding concrete", "Béton de propreté"),
        after: [["excavation", "fs"]],
      },
      {
        key: "waterproofing",
        days: 4,
        volume: [900, "m2"],
        name: t("Гидроизоляция фундаментов", "Foundation waterproofing", "Étanchéité des fondations"),
        after: [["blinding", "fs"]],
      },
      {
        key: "raftRebar",
        days: 6,
        sixDays: true,
        volume: [48, "t"],
        name: t("Армирование фундаментной плиты", "Raft reinforcement", "Ferraillage du radier"),
        after: [["waterproofing", "ss", 2]],
      },
      {
        key: "raftPour",
        days: 2,
        sixDays: true,
        volume: [420, "m3"],
        name: t("Бетонирование фундаментной плиты", "Raft concrete pour", "Coulage du radier"),
        after: [
          ["raftRebar", "fs"],
          ["waterproofing", "ff"],
        ],
      },
      {
        key: "basement",
        days: 10,
        sixDays: true,
        volume: [260, "m3"],
        name: t("Стены подвала", "Basement walls", "Voiles du sous-sol"),
        after: [["raftPour", "fs", 3]],
      },
      {
        key: "backfill",
        days: 4,
        volume: [700, "m3"],
        name: t("Обратная засыпка пазух", "Backfilling", "Remblaiement périphérique"),
        after: [["basement", "fs", 2]],
      },
    ],
  },
  {
    name: t("Каркас", "Structural frame", "Gros œuvre"),
    crew: CREWS.frame,
    children: range(FLOORS).map((n) => ({
      name: floor(n),
      children: [
        {
          key: `walls${n}`,
          days: 6,
          sixDays: true,
          volume: [95, "m3"],
          name: t(`Колонны и стены, этаж ${n}`, `Columns and walls, floor ${n}`, `Poteaux et voiles, niveau ${n}`),
          after: [n === 1 ? ["basement", "fs", 2] : [`slab${n - 1}`, "fs", 2]],
        },
        {
          key: `slab${n}`,
          days: 5,
          sixDays: true,
          volume: [180, "m3"],
          name: t(`Перекрытие над этажом ${n}`, `Floor slab over floor ${n}`, `Dalle haute du niveau ${n}`),
          after: [[`walls${n}`, "fs"]],
        },
      ],
    })),
  },
  {
    name: t("Кровля", "Roof", "Toiture"),
    crew: CREWS.roof,
    children: [
      {
        key: "roofInsulation",
        days: 5,
        volume: [720, "m2"],
        name: t(
          "Пароизоляция и утеплитель кровли",
          "Roof vapour barrier and insulation",
          "Pare-vapeur et isolant de toiture",
        ),
        after: [[`slab${FLOORS}`, "fs", 3]],
      },
      {
        key: "roofMembrane",
        days: 4,
        volume: [720, "m2"],
        name: t("Кровельная мембрана", "Roof membrane", "Membrane d'étanchéité"),
        after: [["roofInsulation", "ss", 2]],
      },
      {
        key: "roofDrainage",
        days: 3,
        name: t("Водостоки и парапеты", "Roof drainage and parapets", "Évacuations pluviales et acrotères"),
        after: [["roofMembrane", "ff", 1]],
      },
    ],
  },
  {
    name: t("Наружные стены и фасад", "Building envelope", "Enveloppe du bâtiment"),
    crew: CREWS.envelope,
    children: [
      ...range(FLOORS).map(
        (n): DemoWork => ({
          key: `masonry${n}`,
          days: 6,
          volume: [210, "m2"],
          name: t(
            `Кладка наружных стен, этаж ${n}`,
            `External masonry, floor ${n}`,
            `Maçonnerie extérieure, niveau ${n}`,
          ),
          after:
            n === 1
              ? [["slab1", "fs", 5]]
              : [
                  [`slab${n}`, "fs", 5],
                  [`masonry${n - 1}`, "fs"],
                ],
        }),
      ),
      {
        key: "windows",
        days: 15,
        name: t("Монтаж окон", "Windows installation", "Pose des menuiseries extérieures"),
        after: [
          ["masonry2", "fs"],
          [`masonry${FLOORS}`, "ff", 5],
        ],
      },
      {
        key: "facade",
        days: 20,
        volume: [2600, "m2"],
        name: t(
          "Утепление и штукатурка фасада",
          "External insulation and render",
          "Isolation thermique par l'extérieur",
        ),
        after: [
          ["windows", "ss", 5],
          ["roofMembrane", "fs"],
        ],
      },
    ],
  },
  {
    name: t("Инженерные системы", "Mechanical and electrical services", "Lots techniques"),
    crew: CREWS.services,
    children: [
      {
        key: "plumbing",
        days: 18,
        name: t("Водопровод и канализация", "Plumbing and drainage", "Plomberie et évacuations"),
        after: [["masonry1", "fs"]],
      },
      {
        key: "heating",
        days: 16,
        name: t("Отопление", "Heating", "Chauffage"),
        after: [["plumbing", "ss", 5]],
      },
      {
        key: "ventilation",
        days: 14,
        name: t("Вентиляция", "Ventilation", "Ventilation"),
        after: [["heating", "ss", 3]],
      },
      {
        key: "electrical",
        days: 20,
        name: t("Электромонтажные работы", "Electrical installation", "Électricité courants forts"),
        after: [["plumbing", "ss", 3]],
      },
      {
        key: "lowVoltage",
        days: 10,
        name: t("Слаботочные системы", "Data, alarm and intercom", "Courants faibles"),
        after: [["electrical", "ff", 2]],
      },
      {
        key: "lift",
        days: 15,
        name: t("Монтаж лифта", "Lift installation", "Installation de l'ascenseur"),
        after: [["roofMembrane", "fs"]],
      },
      {
        key: "commissioning",
        days: 6,
        name: t("Пусконаладочные работы", "Testing and commissioning", "Essais et mise en service"),
        after: [
          ["heating", "fs"],
          ["ventilation", "fs"],
          ["electrical", "fs"],
          ["lowVoltage", "fs"],
          ["lift", "fs"],
        ],
      },
    ],
  },
  {
    name: t("Внутренняя отделка", "Interior finishes", "Finitions intérieures"),
    crew: CREWS.finishes,
    children: range(FLOORS).map((n) => ({
      name: floor(n),
      children: [
        {
          key: `plaster${n}`,
          days: 5,
          volume: [850, "m2"],
          name: t(`Штукатурка стен, этаж ${n}`, `Wall plastering, floor ${n}`, `Enduits intérieurs, niveau ${n}`),
          after:
            n === 1
              ? [
                  ["masonry1", "fs"],
                  ["electrical", "ss", 5],
                  ["windows", "ss", 3],
                ]
              : [
                  [`masonry${n}`, "fs"],
                  [`plaster${n - 1}`, "fs"],
                ],
        },
        {
          key: `screed${n}`,
          days: 4,
          volume: [520, "m2"],
          name: t(`Стяжка пола, этаж ${n}`, `Floor screed, floor ${n}`, `Chape, niveau ${n}`),
          after: [[`plaster${n}`, "fs"]],
        },
        {
          key: `paint${n}`,
          days: 5,
          volume: [1400, "m2"],
          name: t(`Шпаклёвка и окраска, этаж ${n}`, `Filling and painting, floor ${n}`, `Peinture, niveau ${n}`),
          after: [[`screed${n}`, "fs", 3]],
        },
        {
          key: `floors${n}`,
          days: 4,
          volume: [520, "m2"],
          name: t(
            `Чистовые полы и двери, этаж ${n}`,
            `Floor finishes and doors, floor ${n}`,
            `Sols et portes, niveau ${n}`,
          ),
          after: [[`paint${n}`, "ss", 2]],
        },
      ],
    })),
  },
  {
    name: t("Наружные сети и благоустройство", "External works", "Voirie et réseaux divers"),
    crew: CREWS.civils,
    children: [
      {
        key: "connections",
        days: 8,
        name: t("Подключение к городским сетям", "Utility connections", "Raccordements aux réseaux"),
        after: [["backfill", "fs"]],
      },
      {
        key: "paving",
        days: 10,
        volume: [1800, "m2"],
        name: t("Проезды и тротуары", "Roads and paving", "Voirie et trottoirs"),
        after: [["facade", "fs"]],
      },
      {
        key: "landscaping",
        days: 6,
        name: t("Озеленение", "Landscaping", "Espaces verts"),
        after: [["paving", "ss", 4]],
      },
    ],
  },
  {
    key: "handover",
    type: "milestone_finish",
    days: 0,
    name: t("Ввод в эксплуатацию", "Handover", "Réception des travaux"),
    after: [
      ["commissioning", "fs"],
      [`floors${FLOORS}`, "fs"],
      ["roofDrainage", "fs"],
      ["connections", "fs"],
      ["landscaping", "fs"],
    ],
  },
];

/**
 * Public holidays of `year` in the language's country (ru: Russia, en: England, fr: France), Saturdays and Sundays
 * included (the six-day week stops on them too).
 */
export function publicHolidays(language: Language, year: number): string[] {
  const day = (month: number, date: number) => new Date(Date.UTC(year, month - 1, date));
  const easter = easterSunday(year);
  const fromEaster = (days: number) => new Date(easter.getTime() + days * 86_400_000);
  const days: Date[] =
    language === "ru"
      ? [...range(8).map((d) => day(1, d)), day(2, 23), day(3, 8), day(5, 1), day(5, 9), day(6, 12), day(11, 4)]
      : language === "fr"
        ? [
            day(1, 1),
            fromEaster(1),
            day(5, 1),
            day(5, 8),
            fromEaster(39),
            fromEaster(50),
            day(7, 14),
            day(8, 15),
            day(11, 1),
            day(11, 11),
            day(12, 25),
          ]
        : [day(1, 1), fromEaster(-2), fromEaster(1), day(12, 25), day(12, 26)];
  return days.map((d) => d.toISOString().slice(0, 10)).sort();
}

/** Gregorian Easter Sunday (the anonymous algorithm), as a UTC date. */
function easterSunday(year: number): Date {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const date = ((h + l - 7 * m + 114) % 31) + 1;
  return new Date(Date.UTC(year, month - 1, date));
}
