import type { Language } from "@planum/contracts";

const TEXTS: Record<Language, { subject: string; body: (link: string) => string }> = {
  ru: {
    subject: "Planum: восстановление пароля",
    body: (link) =>
      `Здравствуйте!\n\nЧтобы задать новый пароль, откройте ссылку (действует один час):\n${link}\n\nЕсли вы не запрашивали смену пароля, просто проигнорируйте это письмо.`,
  },
  en: {
    subject: "Planum: password reset",
    body: (link) =>
      `Hello,\n\nTo set a new password, open this link (valid for one hour):\n${link}\n\nIf you did not ask to reset your password, ignore this message.`,
  },
  fr: {
    subject: "Planum : réinitialisation du mot de passe",
    body: (link) =>
      `Bonjour,\n\nPour définir un nouveau mot de passe, ouvrez ce lien (valable une heure) :\n${link}\n\nSi vous n'avez pas demandé de réinitialisation, ignorez ce message.`,
  },
};

export function resetMail(language: Language, link: string) {
  const text = TEXTS[language];
  return { subject: text.subject, body: text.body(link) };
}
