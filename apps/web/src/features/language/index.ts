export { LanguageSwitcher, LanguageSync, useChangeLanguage } from "./language-switcher";
