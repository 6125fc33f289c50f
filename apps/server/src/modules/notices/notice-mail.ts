import { type Language, type NoticeKind, noticeText } from "@planum/contracts";

const TEXTS: Record<
  Language,
  { subject: (space: string, count: number) => string; intro: (space: string) => string; open: string; test: string }
> = {
  ru: {
    subject: (space, count) => `Planum: уведомления в «${space}» (${count})`,
    intro: (space) => `Здравствуйте!\n\nНовые уведомления в пространстве «${space}»:`,
    open: "Открыть личный кабинет:",
    test: "Это проверочное уведомление: так будут приходить ваши уведомления.",
  },
  en: {
    subject: (space, count) => `Planum: notices in “${space}” (${count})`,
    intro: (space) => `Hello,\n\nNew notices in the space “${space}”:`,
    open: "Open your personal area:",
    test: "This is a test notice: your notices will arrive like this.",
  },
  fr: {
    subject: (space, count) => `Planum : notifications dans « ${space} » (${count})`,
    intro: (space) => `Bonjour,\n\nNouvelles notifications dans l’espace « ${space} » :`,
    open: "Ouvrir votre espace personnel :",
    test: "Ceci est une notification de test : vos notifications arriveront ainsi.",
  },
};

export interface MailedNotice {
  kind: NoticeKind;
  params: Record<string, string | number>;
  createdAt: Date;
}

/** A digest of notices as one e-mail in the recipient's language, with a link to their personal area. */
export function noticeDigestMail(
  language: Language,
  input: { spaceName: string; link: string; notices: MailedNotice[]; test?: boolean },
) {
  const text = TEXTS[language];
  const lines = input.notices.map((notice) => {
    const day = notice.createdAt.toISOString().slice(0, 10).split("-").reverse().join(".");
    return `• ${day} — ${noticeText(language, notice.kind, notice.params)}`;
  });
  const body = [
    text.intro(input.spaceName),
    "",
    ...lines,
    "",
    ...(input.test ? [text.test, ""] : []),
    text.open,
    input.link,
  ].join("\n");
  return { subject: text.subject(input.spaceName, input.notices.length), body };
}
