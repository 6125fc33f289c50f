import enAdmin from "./en/admin.json";
import enAnalytics from "./en/analytics.json";
import enAttributes from "./en/attributes.json";
import enAuth from "./en/auth.json";
import enBim from "./en/bim.json";
import enCalendars from "./en/calendars.json";
import enChat from "./en/chat.json";
import enCommon from "./en/common.json";
import enCyclogram from "./en/cyclogram.json";
import enDelegation from "./en/delegation.json";
import enDirectories from "./en/directories.json";
import enErrorsPage from "./en/errors-page.json";
import enEstimates from "./en/estimates.json";
import enInterchange from "./en/interchange.json";
import enNotices from "./en/notices.json";
import enPipeline from "./en/pipeline.json";
import enPrint from "./en/print.json";
import enProfile from "./en/profile.json";
import enReports from "./en/reports.json";
import enResources from "./en/resources.json";
import enShell from "./en/shell.json";
import enSpaceHome from "./en/space-home.json";
import enSpaces from "./en/spaces.json";
import enStructure from "./en/structure.json";
import enTimesheets from "./en/timesheets.json";
import enViewSettings from "./en/view-settings.json";
import enWdp from "./en/wdp.json";
import enWdpApproval from "./en/wdp-approval.json";
import enWorkspace from "./en/workspace.json";
import frAdmin from "./fr/admin.json";
import frAnalytics from "./fr/analytics.json";
import frAttributes from "./fr/attributes.json";
import frAuth from "./fr/auth.json";
import frBim from "./fr/bim.json";
import frCalendars from "./fr/calendars.json";
import frChat from "./fr/chat.json";
import frCommon from "./fr/common.json";
import frCyclogram from "./fr/cyclogram.json";
import frDelegation from "./fr/delegation.json";
import frDirectories from "./fr/directories.json";
import frErrorsPage from "./fr/errors-page.json";
import frEstimates from "./fr/estimates.json";
import frInterchange from "./fr/interchange.json";
import frNotices from "./fr/notices.json";
import frPipeline from "./fr/pipeline.json";
import frPrint from "./fr/print.json";
import frProfile from "./fr/profile.json";
import frReports from "./fr/reports.json";
import frResources from "./fr/resources.json";
import frShell from "./fr/shell.json";
import frSpaceHome from "./fr/space-home.json";
import frSpaces from "./fr/spaces.json";
import frStructure from "./fr/structure.json";
import frTimesheets from "./fr/timesheets.json";
import frViewSettings from "./fr/view-settings.json";
import frWdp from "./fr/wdp.json";
import frWdpApproval from "./fr/wdp-approval.json";
import frWorkspace from "./fr/workspace.json";
import ruAdmin from "./ru/admin.json";
import ruAnalytics from "./ru/analytics.json";
import ruAttributes from "./ru/attributes.json";
import ruAuth from "./ru/auth.json";
import ruBim from "./ru/bim.json";
import ruCalendars from "./ru/calendars.json";
import ruChat from "./ru/chat.json";
import ruCommon from "./ru/common.json";
import ruCyclogram from "./ru/cyclogram.json";
import ruDelegation from "./ru/delegation.json";
import ruDirectories from "./ru/directories.json";
import ruErrorsPage from "./ru/errors-page.json";
import ruEstimates from "./ru/estimates.json";
import ruInterchange from "./ru/interchange.json";
import ruNotices from "./ru/notices.json";
import ruPipeline from "./ru/pipeline.json";
import ruPrint from "./ru/print.json";
import ruProfile from "./ru/profile.json";
import ruReports from "./ru/reports.json";
import ruResources from "./ru/resources.json";
import ruShell from "./ru/shell.json";
import ruSpaceHome from "./ru/space-home.json";
import ruSpaces from "./ru/spaces.json";
import ruStructure from "./ru/structure.json";
import ruTimesheets from "./ru/timesheets.json";
import ruViewSettings from "./ru/view-settings.json";
import ruWdp from "./ru/wdp.json";
import ruWdpApproval from "./ru/wdp-approval.json";
import ruWorkspace from "./ru/workspace.json";

/** One namespace per domain (ARCHITECTURE.md, convention 13); Russian is the base language. */
export const NAMESPACES = [
  "common",
  "auth",
  "bim",
  "spaces",
  "space-home",
  "profile",
  "shell",
  "errors-page",
  "structure",
  "attributes",
  "admin",
  "workspace",
  "calendars",
  "view-settings",
  "interchange",
  "wdp",
  "notices",
  "wdp-approval",
  "resources",
  "directories",
  "chat",
  "timesheets",
  "delegation",
  "print",
  "reports",
  "pipeline",
  "analytics",
  "estimates",
  "cyclogram",
] as const;
export type Namespace = (typeof NAMESPACES)[number];

export const resources = {
  ru: {
    common: ruCommon,
    auth: ruAuth,
    bim: ruBim,
    spaces: ruSpaces,
    "space-home": ruSpaceHome,
    profile: ruProfile,
    shell: ruShell,
    "errors-page": ruErrorsPage,
    structure: ruStructure,
    attributes: ruAttributes,
    admin: ruAdmin,
    workspace: ruWorkspace,
    calendars: ruCalendars,
    "view-settings": ruViewSettings,
    interchange: ruInterchange,
    wdp: ruWdp,
    notices: ruNotices,
    "wdp-approval": ruWdpApproval,
    resources: ruResources,
    directories: ruDirectories,
    estimates: ruEstimates,
    chat: ruChat,
    timesheets: ruTimesheets,
    delegation: ruDelegation,
    print: ruPrint,
    reports: ruReports,
    pipeline: ruPipeline,
    analytics: ruAnalytics,
    cyclogram: ruCyclogram,
  },
  en: {
    common: enCommon,
    auth: enAuth,
    bim: enBim,
    spaces: enSpaces,
    "space-home": enSpaceHome,
    profile: enProfile,
    shell: enShell,
    "errors-page": enErrorsPage,
    structure: enStructure,
    attributes: enAttributes,
    admin: enAdmin,
    workspace: enWorkspace,
    calendars: enCalendars,
    "view-settings": enViewSettings,
    interchange: enInterchange,
    wdp: enWdp,
    notices: enNotices,
    "wdp-approval": enWdpApproval,
    resources: enResources,
    directories: enDirectories,
    estimates: enEstimates,
    chat: enChat,
    timesheets: enTimesheets,
    delegation: enDelegation,
    print: enPrint,
    reports: enReports,
    pipeline: enPipeline,
    analytics: enAnalytics,
    cyclogram: enCyclogram,
  },
  fr: {
    common: frCommon,
    auth: frAuth,
    bim: frBim,
    spaces: frSpaces,
    "space-home": frSpaceHome,
    profile: frProfile,
    shell: frShell,
    "errors-page": frErrorsPage,
    structure: frStructure,
    attributes: frAttributes,
    admin: frAdmin,
    workspace: frWorkspace,
    calendars: frCalendars,
    "view-settings": frViewSettings,
    interchange: frInterchange,
    wdp: frWdp,
    notices: frNotices,
    "wdp-approval": frWdpApproval,
    resources: frResources,
    directories: frDirectories,
    estimates: frEstimates,
    chat: frChat,
    timesheets: frTimesheets,
    delegation: frDelegation,
    print: frPrint,
    reports: frReports,
    pipeline: frPipeline,
    analytics: frAnalytics,
    cyclogram: frCyclogram,
  },
} as const;
