import type { Language } from "./languages.js";
import type { NoticeKind, NoticeParams } from "./notices.schema.js";

/**
 * What each notice kind says, in each language: the server's e-mails and the web's personal area read this one
 * table, so a notice reads the same in both. `label` names the kind (settings, e-mail digest headings); `text` is the
 * notice itself, `{{name}}` replaced by its params: work, schedule, date, quantity, comment.
 */
export const NOTICE_TEXTS: Record<Language, Record<NoticeKind, { label: string; text: string }>> = {
  en: {
    executor_assigned_to_task: { label: "Executor assigned", text: "You are the executor of “{{work}}”" },
    curator_assigned_to_task: { label: "Curator assigned", text: "You are the curator of “{{work}}”" },
    task_need_accept_expert_data: {
      label: "Expert data to accept",
      text: "Expert data of “{{work}}” await your acceptance",
    },
    task_need_accept_daily_data: {
      label: "Daily data to accept",
      text: "Daily data of “{{work}}” for {{date}} await your acceptance",
    },
    task_need_actual_by_timesheet: {
      label: "Actuals by timesheet",
      text: "Enter the actuals of “{{work}}” for {{date}} in the timesheet",
    },
    task_will_start: { label: "Work about to start", text: "“{{work}}” starts on {{date}}" },
    task_will_finish: { label: "Work about to finish", text: "“{{work}}” is due to finish on {{date}}" },
    assignment_created: { label: "New assignment", text: "New assignment on “{{work}}”" },
    assignment_accepted: { label: "Assignment accepted", text: "The assignment on “{{work}}” was accepted" },
    assignment_comment: { label: "Assignment comment", text: "Comment on the assignment of “{{work}}”: {{comment}}" },
    assignment_changed: { label: "Assignment changed", text: "The assignment on “{{work}}” was changed" },
    assignment_date_approaching: {
      label: "Assignment date approaching",
      text: "The assignment on “{{work}}” is due on {{date}}",
    },
    assignment_date_add_fact: {
      label: "Assignment actual to enter",
      text: "Enter the actual of the assignment on “{{work}}” for {{date}}",
    },
    assignment_date_change_plan: {
      label: "Assignment date moved",
      text: "The planned date of the assignment on “{{work}}” moved to {{date}}",
    },
    assignment_date_delay: { label: "Assignment late", text: "The assignment on “{{work}}” is late (due {{date}})" },
  },
  ru: {
    executor_assigned_to_task: { label: "Назначен исполнитель", text: "Вы назначены исполнителем работы «{{work}}»" },
    curator_assigned_to_task: { label: "Назначен куратор", text: "Вы назначены куратором работы «{{work}}»" },
    task_need_accept_expert_data: {
      label: "Экспертные данные на приёмку",
      text: "Экспертные данные работы «{{work}}» ждут вашей приёмки",
    },
    task_need_accept_daily_data: {
      label: "Ежедневные данные на приёмку",
      text: "Ежедневные данные работы «{{work}}» за {{date}} ждут вашей приёмки",
    },
    task_need_actual_by_timesheet: {
      label: "Факт по табелю",
      text: "Внесите факт работы «{{work}}» за {{date}} в табель",
    },
    task_will_start: { label: "Скоро начало работы", text: "Работа «{{work}}» начинается {{date}}" },
    task_will_finish: { label: "Скоро окончание работы", text: "Работа «{{work}}» должна завершиться {{date}}" },
    assignment_created: { label: "Новое назначение", text: "Новое назначение по работе «{{work}}»" },
    assignment_accepted: { label: "Назначение принято", text: "Назначение по работе «{{work}}» принято" },
    assignment_comment: {
      label: "Комментарий к назначению",
      text: "Комментарий к назначению по работе «{{work}}»: {{comment}}",
    },
    assignment_changed: { label: "Назначение изменено", text: "Назначение по работе «{{work}}» изменено" },
    assignment_date_approaching: {
      label: "Приближается срок назначения",
      text: "Срок назначения по работе «{{work}}» — {{date}}",
    },
    assignment_date_add_fact: {
      label: "Внесите факт назначения",
      text: "Внесите факт назначения по работе «{{work}}» за {{date}}",
    },
    assignment_date_change_plan: {
      label: "Плановая дата перенесена",
      text: "Плановая дата назначения по работе «{{work}}» перенесена на {{date}}",
    },
    assignment_date_delay: {
      label: "Назначение просрочено",
      text: "Назначение по работе «{{work}}» просрочено (срок {{date}})",
    },
  },
  fr: {
    executor_assigned_to_task: { label: "Exécutant désigné", text: "Vous êtes l’exécutant de « {{work}} »" },
    curator_assigned_to_task: { label: "Superviseur désigné", text: "Vous êtes le superviseur de « {{work}} »" },
    task_need_accept_expert_data: {
      label: "Données d’expert à valider",
      text: "Les données d’expert de « {{work}} » attendent votre validation",
    },
    task_need_accept_daily_data: {
      label: "Données journalières à valider",
      text: "Les données journalières de « {{work}} » du {{date}} attendent votre validation",
    },
    task_need_actual_by_timesheet: {
      label: "Réalisé par feuille de temps",
      text: "Saisissez le réalisé de « {{work}} » du {{date}} dans la feuille de temps",
    },
    task_will_start: { label: "Tâche sur le point de commencer", text: "« {{work}} » commence le {{date}}" },
    task_will_finish: { label: "Tâche sur le point de finir", text: "« {{work}} » doit se terminer le {{date}}" },
    assignment_created: { label: "Nouvelle affectation", text: "Nouvelle affectation sur « {{work}} »" },
    assignment_accepted: { label: "Affectation acceptée", text: "L’affectation sur « {{work}} » a été acceptée" },
    assignment_comment: {
      label: "Commentaire d’affectation",
      text: "Commentaire sur l’affectation de « {{work}} » : {{comment}}",
    },
    assignment_changed: { label: "Affectation modifiée", text: "L’affectation sur « {{work}} » a été modifiée" },
    assignment_date_approaching: {
      label: "Échéance d’affectation proche",
      text: "L’affectation sur « {{work}} » est due le {{date}}",
    },
    assignment_date_add_fact: {
      label: "Réalisé d’affectation à saisir",
      text: "Saisissez le réalisé de l’affectation sur « {{work}} » du {{date}}",
    },
    assignment_date_change_plan: {
      label: "Date d’affectation déplacée",
      text: "La date prévue de l’affectation sur « {{work}} » est déplacée au {{date}}",
    },
    assignment_date_delay: {
      label: "Affectation en retard",
      text: "L’affectation sur « {{work}} » est en retard (échéance le {{date}})",
    },
  },
};

/** "2026-11-26" or "2026-11-26T08:00" → "26.11.2026", the spec's default display format; other text as it is. */
function displayParam(value: string | number): string {
  if (typeof value === "number") return String(value);
  const iso = /^(\d{4})-(\d{2})-(\d{2})(T\d{2}:\d{2})?/.exec(value);
  return iso ? `${iso[3]}.${iso[2]}.${iso[1]}` : value;
}

/** A notice's text in a language; a param the notice lacks reads as a dash rather than a raw placeholder. */
export function noticeText(language: Language, kind: NoticeKind, params: NoticeParams): string {
  return NOTICE_TEXTS[language][kind].text.replace(/\{\{(\w+)\}\}/g, (_, name: string) =>
    params[name] === undefined || params[name] === "" ? "—" : displayParam(params[name]),
  );
}
