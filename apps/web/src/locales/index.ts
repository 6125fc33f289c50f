import enAuth from "./en/auth.json";
import enCommon from "./en/common.json";
import enErrorsPage from "./en/errors-page.json";
import enGantt from "./en/gantt.json";
import enProfile from "./en/profile.json";
import enShell from "./en/shell.json";
import enSpaceHome from "./en/space-home.json";
import enSpaces from "./en/spaces.json";
import frAuth from "./fr/auth.json";
import frCommon from "./fr/common.json";
import frErrorsPage from "./fr/errors-page.json";
import frGantt from "./fr/gantt.json";
import frProfile from "./fr/profile.json";
import frShell from "./fr/shell.json";
import frSpaceHome from "./fr/space-home.json";
import frSpaces from "./fr/spaces.json";
import ruAuth from "./ru/auth.json";
import ruCommon from "./ru/common.json";
import ruErrorsPage from "./ru/errors-page.json";
import ruGantt from "./ru/gantt.json";
import ruProfile from "./ru/profile.json";
import ruShell from "./ru/shell.json";
import ruSpaceHome from "./ru/space-home.json";
import ruSpaces from "./ru/spaces.json";

/** One namespace per domain (ARCHITECTURE.md, convention 13); Russian is the base language. */
export const NAMESPACES = [
  "common",
  "auth",
  "spaces",
  "space-home",
  "profile",
  "shell",
  "errors-page",
  "gantt",
] as const;
export type Namespace = (typeof NAMESPACES)[number];

export const resources = {
  ru: {
    common: ruCommon,
    auth: ruAuth,
    spaces: ruSpaces,
    "space-home": ruSpaceHome,
    profile: ruProfile,
    shell: ruShell,
    "errors-page": ruErrorsPage,
    gantt: ruGantt,
  },
  en: {
    common: enCommon,
    auth: enAuth,
    spaces: enSpaces,
    "space-home": enSpaceHome,
    profile: enProfile,
    shell: enShell,
    "errors-page": enErrorsPage,
    gantt: enGantt,
  },
  fr: {
    common: frCommon,
    auth: frAuth,
    spaces: frSpaces,
    "space-home": frSpaceHome,
    profile: frProfile,
    shell: frShell,
    "errors-page": frErrorsPage,
    gantt: frGantt,
  },
} as const;
